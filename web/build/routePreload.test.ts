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

/** What preload.js asks for, opened at `path` with `lang` stored. */
function preloaded(path: string, lang: string | null): string[] {
  const links: Array<{ rel: string; href: string }> = [];
  const document = { createElement: () => ({}), head: { appendChild: (l: { rel: string; href: string }) => links.push(l) } };
  runInNewContext(script(manifestOf(bundle), '/h5/'), { document, location: { pathname: path }, localStorage: { getItem: () => lang } });
  return links.map((l) => `${l.rel} ${l.href}`);
}

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

  it('asks for nothing on a page that is not a tab', () => {
    expect(preloaded('/h5/pages/market/kline', 'en')).toEqual([]);
  });
});
