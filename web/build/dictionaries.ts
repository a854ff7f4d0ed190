/**
 * `virtual:dictionaries`: each locales/*.json as two lazily loaded chunks, the groups the first
 * paint needs (web/src/i18n/coreGroups.ts: whole groups, or single `group.key`s) and the rest (every
 * group not wholly in the first part), so that a first visit downloads about a
 * quarter of its language's strings. Each part is a `JSON.parse` of one string literal (parsed
 * faster than the same object as JavaScript).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { CORE_GROUPS } from '../src/i18n/coreGroups.ts';

const ID = 'virtual:dictionaries';
const PART = /^\0?dictionary:([a-z]{2}):(core|rest)$/;

export function dictionaries(): Plugin {
  const dir = fileURLToPath(new URL('../../locales/', import.meta.url));
  const wholeGroups = new Set<string>(CORE_GROUPS.filter((g) => !g.includes('.')));
  const singleKeys = CORE_GROUPS.filter((g) => g.includes('.')).map((k) => k.split('.'));
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
        const rows = locales.map((l) => `  ${l}: { core: () => import('dictionary:${l}:core'), rest: () => import('dictionary:${l}:rest') },`);
        return `export const dictionaries = {\n${rows.join('\n')}\n};\n`;
      }
      const m = PART.exec(id);
      if (!m) return null;
      const file = `${dir}${m[1]}.json`;
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      let part: Record<string, unknown>;
      if (m[2] === 'rest') part = Object.fromEntries(Object.entries(all).filter(([group]) => !wholeGroups.has(group)));
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
