/**
 * The split dictionaries (web/build/dictionaries.ts): the first part holds exactly the groups and
 * keys coreGroups.ts names (plural forms included) in every language, and the two parts together
 * hold every string of the dictionary.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CORE_GROUPS } from '../src/i18n/coreGroups';
import { dictionaries } from './dictionaries';

const dir = fileURLToPath(new URL('../../locales/', import.meta.url));
const plugin = dictionaries();
const load = (id: string) => (plugin.load as (this: unknown, id: string) => string | null).call({ addWatchFile() {} }, id);
const part = (locale: string, which: 'core' | 'rest') => {
  const code = load(`\0dictionary:${locale}:${which}`)!;
  return JSON.parse(JSON.parse(/JSON\.parse\((.*)\);/s.exec(code)![1])) as Record<string, Record<string, unknown>>;
};
const leaves = (o: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? leaves(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('split dictionaries', () => {
  const locales = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5));

  it('lists every language with both parts', () => {
    const index = load('\0virtual:dictionaries')!;
    expect(locales).toHaveLength(20);
    for (const l of locales) expect(index).toContain(`${l}: { core: () => import('dictionary:${l}:core'), rest: () => import('dictionary:${l}:rest') }`);
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
});
