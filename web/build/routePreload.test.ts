/**
 * preload.js: a tab page's own chunks and styles (not what the entry already preloads) and its
 * strings in the stored language; home the first part of the dictionary, the other tabs both.
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
    chunk('assets/HomePage.js', '/app/web/src/features/home/pages/HomePage.tsx'),
    chunk('assets/KlinePage.js', '/app/web/src/features/market/pages/KlinePage.tsx'),
    chunk('assets/en-core.js', '\0dictionary:en:core'),
    chunk('assets/en-rest.js', '\0dictionary:en:rest'),
    chunk('assets/de-core.js', '\0dictionary:de:core'),
    chunk('assets/de-rest.js', '\0dictionary:de:rest'),
  ].map((c) => [c.fileName, c]),
) as unknown as OutputBundle;

interface Opened {
  path: string;
  lang?: string | null;
  token?: string | null;
  guest?: string | null;
  /** window.__APP_CONFIG__ as config.js left it; null: config.js has not run yet. */
  config?: { apiBase?: string } | null;
}

/** Runs preload.js as opened at `path`: the links it adds, the requests it sends, and the config script's load. */
function open({ path, lang = null, token = null, guest = null, config = { apiBase: '/api' } }: Opened) {
  const links: Array<{ rel: string; href: string }> = [];
  const sent: string[] = [];
  let configLoaded = () => {};
  const configScript = { addEventListener: (_: string, fn: () => void) => (configLoaded = fn) };
  const storage: Record<string, string | null> = { lang, token, support_guest: guest };
  const context: Record<string, unknown> = {
    document: { createElement: () => ({}), head: { appendChild: (l: { rel: string; href: string }) => links.push(l) }, querySelector: () => configScript },
    location: { pathname: path, origin: 'https://h5.example' },
    localStorage: { getItem: (k: string) => storage[k] ?? null },
    __APP_CONFIG__: config ?? undefined,
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      sent.push(`${url} ${init.headers.Authorization ?? '-'}`);
      return Promise.resolve({ url });
    },
  };
  context.window = context;
  runInNewContext(script(manifestOf(bundle), '/h5/'), context);
  return {
    links: links.map((l) => `${l.rel} ${l.href}`),
    sent,
    answers: context.__H5_FIRST_ANSWERS__ as Record<string, { auth: string }> | undefined,
    startApp: () => (context.__H5_FIRST_ANSWERS__ = false),
    loadConfig: (c: { apiBase?: string }) => {
      context.__APP_CONFIG__ = c;
      configLoaded();
    },
  };
}

/** What preload.js asks for, opened at `path` with `lang` stored. */
const preloaded = (path: string, lang: string | null) => open({ path, lang }).links;

describe('preload.js', () => {
  it("starts both parts of a tab page's strings in the stored language, then its own code and styles", () => {
    expect(preloaded('/h5/pages/market/market', 'de')).toEqual([
      'modulepreload /h5/assets/de-core.js',
      'modulepreload /h5/assets/de-rest.js',
      'modulepreload /h5/assets/MarketPage.js',
      'modulepreload /h5/assets/Tabs.js',
      'preload /h5/assets/MarketPage.css',
    ]);
  });

  it('on home, the first part of the strings only; an unknown stored language is English', () => {
    expect(preloaded('/h5/', 'xx')).toEqual(['modulepreload /h5/assets/en-core.js', 'modulepreload /h5/assets/HomePage.js']);
    expect(preloaded('/h5/pages/home/home/', null)).toEqual(['modulepreload /h5/assets/en-core.js', 'modulepreload /h5/assets/HomePage.js']);
  });

  it("asks for the page's first data with the session, and leaves the answers for the app", () => {
    const home = open({ path: '/h5/', token: 'tok' });
    expect(home.sent).toEqual(['https://h5.example/api/market/tickers tok', 'https://h5.example/api/me tok']);
    expect(Object.keys(home.answers ?? {})).toEqual(['https://h5.example/api/market/tickers', 'https://h5.example/api/me']);
    expect(home.answers?.['https://h5.example/api/me'].auth).toBe('tok');
  });

  it("without a session, only what anyone may ask for, with the support guest's key as the app sends it", () => {
    expect(open({ path: '/h5/', guest: 'guest-key' }).sent).toEqual(['https://h5.example/api/market/tickers guest-key']);
    expect(open({ path: '/h5/pages/market/market' }).sent).toEqual(['https://h5.example/api/market/tickers -']);
  });

  it('asks nothing once the app has started (a late config.js)', () => {
    const opened = open({ path: '/h5/pages/market/market', config: null });
    opened.startApp();
    opened.loadConfig({ apiBase: '/api' });
    expect(opened.sent).toEqual([]);
  });

  it('waits for config.js to say where the API is', () => {
    const opened = open({ path: '/h5/pages/market/market', config: null });
    expect(opened.sent).toEqual([]);
    opened.loadConfig({ apiBase: 'https://api.example/v1/' });
    expect(opened.sent).toEqual(['https://api.example/v1/market/tickers -']);
  });

  it('asks for nothing on a page that is not a tab', () => {
    expect(preloaded('/h5/pages/market/kline', 'en')).toEqual([]);
    expect(open({ path: '/h5/pages/market/kline', token: 'tok' }).sent).toEqual([]);
  });
});
