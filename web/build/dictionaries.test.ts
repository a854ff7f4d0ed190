/**
 * The split dictionaries (web/build/dictionaries.ts): core holds exactly the groups and keys
 * coreGroups.ts names (plural forms included) in every language, core and the rest together hold
 * every string of the dictionary, and each tab part the groups its page names that core lacks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CORE_GROUPS, TAB_PARTS } from '../src/i18n/coreGroups';
import { dictionaries, PARTS, STRINGS_FILE } from './dictionaries';
import { pageGroups } from './pageGroups';

const dir = fileURLToPath(new URL('../../locales/', import.meta.url));
const plugin = dictionaries();
const load = (id: string) => (plugin.load as (this: unknown, id: string) => string | null).call({ addWatchFile() {} }, id);

/** The plugin as `vite build` runs it: the files it emits, and the module the app imports. */
function built() {
  const build = dictionaries();
  (build.configResolved as (config: unknown) => void)({ command: 'build' });
  const emitted = new Map<string, string>();
  (build.buildStart as (this: unknown) => void).call({ emitFile: (f: { fileName: string; source: string }) => emitted.set(f.fileName, f.source) });
  const module = (build.load as (this: unknown, id: string) => string | null).call({ addWatchFile() {} }, '\0virtual:dictionaries')!;
  return { emitted, module };
}
const part = (locale: string, which: (typeof PARTS)[number]) => {
  const code = load(`\0dictionary:${locale}:${which}`)!;
  return JSON.parse(JSON.parse(/JSON\.parse\((.*)\);/s.exec(code)![1])) as Record<string, Record<string, unknown>>;
};
const leaves = (o: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? leaves(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('split dictionaries', () => {
  const locales = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5));

  it('builds every part of every language as a JSON file in one folder, and fetches them from there', () => {
    const { emitted, module } = built();
    expect(emitted.size).toBe(locales.length * PARTS.length);
    const folders = new Set([...emitted.keys()].map((f) => STRINGS_FILE.exec(f)?.[1]));
    expect(folders.size).toBe(1);
    const [folder] = folders;
    for (const l of locales) for (const p of PARTS) expect(JSON.parse(emitted.get(`${folder}${l}-${p}.json`)!), `${l} ${p}`).toEqual(part(l, p));
    expect(module).toContain(JSON.stringify(folder));
    expect(module).toContain('fetch(');
    expect(module).not.toContain('import(');
    // The folder is named by the contents: the same build, the same folder.
    expect([...built().emitted.keys()][0]).toBe([...emitted.keys()][0]);
  });

  it('lists every language with every part', () => {
    const index = load('\0virtual:dictionaries')!;
    expect(locales).toHaveLength(20);
    expect(PARTS).toEqual(['core', 'market', 'trade', 'lever', 'assets', 'rest']);
    // In \`vite dev\` and the unit tests: each part a module, imported.
    for (const l of locales) expect(index).toContain(`${l}: { ${PARTS.map((p) => `${p}: () => import('dictionary:${l}:${p}')`).join(', ')} }`);
  });

  it.each(['en', 'ar', 'ru'])('%s: the first part is what coreGroups names, plural forms included; with the rest it is the whole dictionary', (locale) => {
    const all = JSON.parse(readFileSync(`${dir}${locale}.json`, 'utf8')) as Record<string, Record<string, unknown>>;
    const core = part(locale, 'core');
    const rest = part(locale, 'rest');
    for (const g of CORE_GROUPS.filter((g) => !g.includes('.'))) expect(core[g], g).toEqual(all[g]);
    expect(Object.keys(core.messages)).toEqual(Object.keys(all.messages).filter((k) => k.startsWith('unread_')));
    expect(Object.keys(core.messages).length).toBeGreaterThanOrEqual(2);
    expect(core.mine).toEqual({ me: all.mine.me });
    expect(rest.home).toBeUndefined();
    expect(rest.fiat).toEqual(all.fiat);
    expect(new Set([...leaves(core), ...leaves(rest)])).toEqual(new Set(leaves(all)));
    // The first paint's part is about a quarter of the strings.
    expect(leaves(core).length).toBeLessThan(leaves(all).length / 2);
  });

  it.each(['en', 'de'])('%s: each tab part is the whole groups its page names that are not wholly in core, and nothing more', (locale) => {
    const all = JSON.parse(readFileSync(`${dir}${locale}.json`, 'utf8')) as Record<string, Record<string, unknown>>;
    const wholeCore = new Set<string>(CORE_GROUPS.filter((g) => !g.includes('.')));
    for (const [tab, page] of Object.entries(TAB_PARTS) as Array<[keyof typeof TAB_PARTS, string]>) {
      const named = pageGroups(fileURLToPath(new URL(`../src/${page}`, import.meta.url)), Object.keys(all)).groups;
      const own = part(locale, tab);
      expect(Object.keys(own).sort(), tab).toEqual([...named].filter((g) => !wholeCore.has(g)).sort());
      for (const g of Object.keys(own)) expect(own[g], `${tab}: ${g}`).toEqual(all[g]);
    }
    // The trade page's own strings, and the chart's it opens; not the P2P market's.
    expect(Object.keys(part(locale, 'trade'))).toEqual(expect.arrayContaining(['trade', 'kline']));
    expect(part(locale, 'trade').fiat).toBeUndefined();
  });
});
