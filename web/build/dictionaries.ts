/**
 * `virtual:dictionaries`: each locales/*.json as lazily loaded chunks, one per part of
 * web/src/i18n/coreGroups.ts: core (what the first paint needs: whole groups, or single
 * `group.key`s), one part per tab page but home (the groups the page's code names that core lacks,
 * found by web/build/pageGroups.ts), and the rest (every group not wholly in core). A first visit
 * to home downloads about a quarter of its language's strings, to another tab a little more. Each
 * part is a `JSON.parse` of one string literal (parsed faster than the same object as JavaScript).
 *
 * The tab parts are derived once per build (in `vite dev`, once per server start: a group a page
 * starts to name shows blank there until the rest has loaded, with a warning in the console).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { CORE_GROUPS, TAB_PARTS } from '../src/i18n/coreGroups.ts';
import { pageGroups } from './pageGroups.ts';

const ID = 'virtual:dictionaries';
type Tab = keyof typeof TAB_PARTS;
export const PARTS = ['core', ...(Object.keys(TAB_PARTS) as Tab[]), 'rest'] as const;
export const PART = new RegExp(`^\\0?dictionary:([a-z]{2}):(${PARTS.join('|')})$`);

export function dictionaries(): Plugin {
  const dir = fileURLToPath(new URL('../../locales/', import.meta.url));
  const src = fileURLToPath(new URL('../src/', import.meta.url));
  const wholeGroups = new Set<string>(CORE_GROUPS.filter((g) => !g.includes('.')));
  const singleKeys = CORE_GROUPS.filter((g) => g.includes('.')).map((k) => k.split('.'));
  let tabGroups: Map<Tab, Set<string>> | undefined;
  /** Each tab part's groups: those its page names (en.json has every group) that are not wholly in core. */
  const groupsOf = (tab: Tab) => {
    if (!tabGroups) {
      const groups = Object.keys(JSON.parse(readFileSync(`${dir}en.json`, 'utf8')) as object);
      tabGroups = new Map(
        (Object.entries(TAB_PARTS) as Array<[Tab, string]>).map(([t, page]) => [
          t,
          new Set([...pageGroups(`${src}${page}`, groups).groups].filter((g) => !wholeGroups.has(g))),
        ]),
      );
    }
    return tabGroups.get(tab)!;
  };
  return {
    name: 'h5-dictionaries',
    resolveId(id) {
      if (id === ID) return `\0${ID}`;
      if (PART.test(id)) return id.startsWith('\0') ? id : `\0${id}`;
      return null;
    },
    load(id) {
      if (id === `\0${ID}`) {
        const locales = readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => f.slice(0, -5));
        const rows = locales.map((l) => `  ${l}: { ${PARTS.map((p) => `${p}: () => import('dictionary:${l}:${p}')`).join(', ')} },`);
        return `export const dictionaries = {\n${rows.join('\n')}\n};\n`;
      }
      const m = PART.exec(id);
      if (!m) return null;
      const file = `${dir}${m[1]}.json`;
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const which = m[2] as (typeof PARTS)[number];
      let part: Record<string, unknown>;
      if (which === 'rest') part = Object.fromEntries(Object.entries(all).filter(([group]) => !wholeGroups.has(group)));
      else if (which !== 'core') part = Object.fromEntries(Object.entries(all).filter(([group]) => groupsOf(which).has(group)));
      else {
        part = Object.fromEntries(Object.entries(all).filter(([group]) => wholeGroups.has(group)));
        // A single key with its plural forms (`unread_one`, `unread_other`, ...).
        for (const [group, key] of singleKeys)
          for (const [k, value] of Object.entries((all[group] as Record<string, unknown> | undefined) ?? {}))
            if (k === key || k.startsWith(`${key}_`)) part[group] = { ...(part[group] as object), [k]: value };
      }
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});\n`;
    },
  };
}
