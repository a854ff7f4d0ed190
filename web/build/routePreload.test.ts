/**
 * preload.js: a tab page's own chunks and styles (not what the entry already preloads) and its
 * strings in the stored language: home core, the other tabs core and their own part of the dictionary.
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
    ...['en', 'de'].flatMap((l) => ['core', 'market', 'trade', 'rest'].map((p) => ({ type: 'asset', fileName: `assets/strings-h4sh/${l}-${p}.json` }))),
  ].map((c) => [c.fileName, c]),
) as unknown as OutputBundle;

/** What preload.js asks for, opened at `path` with `lang` stored. */
function preloaded(path: string, lang: string | null): string[] {
  const links: Array<{ rel: string; as?: string; href: string }> = [];
  const document = { createElement: () => ({}), head: { appendChild: (l: { rel: string; as?: string; href: string }) => links.push(l) } };
  runInNewContext(script(manifestOf(bundle), '/h5/'), { document, location: { pathname: path }, localStorage: { getItem: () => lang } });
  return links.map((l) => `${l.rel}${l.as ? ` as=${l.as}` : ''} ${l.href}`);
}

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
  });
});
