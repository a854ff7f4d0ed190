/**
 * preload.js: a tab page's own chunks and styles (not what the entry already preloads) and its
 * strings in the stored language: home core, the other tabs core and their own part of the
 * dictionary; and its first reads with the stored credential, kept for the API client.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { OutputBundle } from 'rolldown';
import { manifestOf, script } from './routePreload';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], css: string[] = [], isEntry = false) => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  imports,
  isEntry,
  viteMetadata: { importedCss: new Set(css) },
});
const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', '/app/web/src/main.tsx', ['assets/shared.js'], ['assets/index.css'], true),
    chunk('assets/shared.js', null),
    chunk('assets/MarketPage.js', '/app/web/src/features/market/pages/MarketPage.tsx', ['assets/shared.js', 'assets/Tabs.js'], ['assets/MarketPage.css']),
    chunk('assets/Tabs.js', null, [], ['assets/index.css']),
    chunk('assets/HomePage.js', '/app/web/src/app/home/HomePage.tsx'),
    chunk('assets/KlinePage.js', '/app/web/src/features/market/pages/KlinePage.tsx'),
    ...['en', 'de'].flatMap((l) => ['core', 'market', 'trade', 'rest'].map((p) => ({ type: 'asset', fileName: `assets/strings-h4sh/${l}-${p}.json` }))),
  ].map((c) => [c.fileName, c]),
) as unknown as OutputBundle;

interface Opened {
  /** What is stored (localStorage). */
  stored?: Record<string, string>;
  /** window.__APP_CONFIG__ (null: config.js has not run yet). */
  config?: { apiBase?: string } | null;
  /** Whether index.html has the config.js script (it has). */
  configScript?: boolean;
  /** An in-browser mock build: no first reads. */
  msw?: boolean;
  /** The app ran first and asked for its reads itself (window.__h5EarlyReads = null). */
  appFirst?: boolean;
}

/** What preload.js asks for, opened at `path`: its links, its reads (`GET url [Authorization]`), and what it keeps for the app. */
function open(path: string, { stored = {}, config = { apiBase: '/api' }, configScript = true, msw = false, appFirst = false }: Opened = {}) {
  const links: Array<{ rel: string; as?: string; href: string }> = [];
  const reads: string[] = [];
  let onConfigLoad: (() => void) | undefined;
  const document = {
    createElement: () => ({}),
    head: { appendChild: (l: { rel: string; as?: string; href: string }) => links.push(l) },
    querySelector: (selector: string) =>
      selector === 'script[src$="/config.js"]' && configScript ? { addEventListener: (_: string, f: () => void) => (onConfigLoad = f) } : null,
  };
  const window: { __APP_CONFIG__?: object; __h5EarlyReads?: Record<string, { auth: string | null; at: number; response: unknown }> | null } = {};
  if (appFirst) window.__h5EarlyReads = null;
  if (config) window.__APP_CONFIG__ = config;
  const fetch = (url: string, init: { headers?: { Authorization?: string } }) => {
    reads.push(`GET ${url}${init.headers?.Authorization ? ` ${init.headers.Authorization}` : ''}`);
    return Promise.resolve(`answer to ${url}`);
  };
  const later: Array<() => void> = [];
  const context = {
    document,
    window,
    fetch,
    setTimeout: (f: () => void) => later.push(f),
    location: { pathname: path, origin: 'https://x.test' },
    localStorage: { getItem: (k: string) => stored[k] ?? null },
  };
  runInNewContext(script(manifestOf(bundle, { reads: !msw }), '/h5/'), Object.assign(context, { window: Object.assign(window, context) }));
  // The reads go out in the script's own task; the links in the next.
  const readFirst = reads.length > 0 && links.length === 0;
  later.forEach((f) => f());
  return {
    readFirst,
    links: links.map((l) => `${l.rel}${l.as ? ` as=${l.as}` : ''} ${l.href}`),
    reads,
    kept: window.__h5EarlyReads,
    /** config.js runs (setting `apiBase`), then its load event. */
    configRuns: (apiBase: string) => {
      window.__APP_CONFIG__ = { apiBase };
      onConfigLoad?.();
    },
  };
}
const preloaded = (path: string, lang: string | null) => open(path, lang ? { stored: { lang } } : {}).links;

describe('preload.js', () => {
  it("starts a tab page's strings in the stored language, core and its own part, then its own code and styles", () => {
    expect(preloaded('/h5/pages/market/market', 'de')).toEqual([
      'preload as=fetch /h5/assets/strings-h4sh/de-core.json',
      'preload as=fetch /h5/assets/strings-h4sh/de-market.json',
      'modulepreload /h5/assets/MarketPage.js',
      'modulepreload /h5/assets/Tabs.js',
      'preload as=style /h5/assets/MarketPage.css',
    ]);
  });

  it('on home, core only; an unknown stored language is English', () => {
    expect(preloaded('/h5/', 'xx')).toEqual(['preload as=fetch /h5/assets/strings-h4sh/en-core.json', 'modulepreload /h5/assets/HomePage.js']);
    expect(preloaded('/h5/pages/home/home/', null)).toEqual(['preload as=fetch /h5/assets/strings-h4sh/en-core.json', 'modulepreload /h5/assets/HomePage.js']);
  });

  it('asks for nothing on a page that is not a tab', () => {
    expect(preloaded('/h5/pages/market/kline', 'en')).toEqual([]);
    expect(open('/h5/pages/market/kline', { stored: { token: 't0k' } }).reads).toEqual([]);
  });

  it("asks for a tab page's first reads: anyone's without a credential, the user's too with a session, and keeps the answers by address", async () => {
    expect(open('/h5/pages/market/market').reads).toEqual(['GET https://x.test/api/market/tickers']);
    const home = open('/h5/', { stored: { token: 't0k' } });
    expect(home.reads).toEqual(['GET https://x.test/api/market/tickers t0k', 'GET https://x.test/api/me t0k']);
    expect(Object.keys(home.kept!)).toEqual(['https://x.test/api/market/tickers', 'https://x.test/api/me']);
    expect(home.kept!['https://x.test/api/me']).toMatchObject({ auth: 't0k', at: expect.any(Number) });
    expect(await home.kept!['https://x.test/api/me'].response).toBe('answer to https://x.test/api/me');
    expect(home.readFirst).toBe(true); // before the page's code and strings, in a task of their own
  });

  it("without a session, a support guest key is the credential of anyone's reads, and the user's reads are not asked for", () => {
    expect(open('/h5/', { stored: { support_guest: 'g-1' } }).reads).toEqual(['GET https://x.test/api/market/tickers g-1']);
  });

  it('asks where config.js says the API is, once it has run; a full address as it is', () => {
    const opened = open('/h5/pages/market/market', { config: null });
    expect(opened.reads).toEqual([]);
    opened.configRuns('/gateway/api');
    expect(opened.reads).toEqual(['GET https://x.test/gateway/api/market/tickers']);
    const later = open('/h5/pages/market/market', { config: { apiBase: 'https://api.x.test/v1/' } });
    expect(later.reads).toEqual(['GET https://api.x.test/v1/market/tickers']);
  });

  it('asks for no reads when the app has run first and asked for them itself', () => {
    const late = open('/h5/pages/market/market', { appFirst: true });
    expect(late.reads).toEqual([]);
    expect(late.kept).toBeNull();
    expect(late.links).toContain('modulepreload /h5/assets/MarketPage.js'); // its code and strings all the same
  });

  it('in the in-browser mock build, asks for no reads (the mock starts after preload.js)', () => {
    expect(open('/h5/pages/market/market', { msw: true }).reads).toEqual([]);
    expect(open('/h5/pages/market/market', { msw: true }).kept).toBeUndefined();
  });
});
