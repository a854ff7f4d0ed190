/**
 * `virtual:dictionaries`: each locales/*.json in parts, as coreGroups.ts splits it: core (what the
 * first paint needs: whole groups, or single `group.key`s), one part per tab page but home (the
 * groups the page's code names that core lacks, found by web/build/pageGroups.ts), and the rest
 * (every group not wholly in core). A first visit to home downloads about a quarter of its
 * language's strings, to another tab a little more. The module exports `loadDictionary(locale, part)`.
 *
 * In the build each part is a JSON file, `assets/strings-<hash>/<locale>-<part>.json`, fetched (and
 * parsed by the browser, off the script's own parse). One hash for all of them (of their contents),
 * so the app and preload.js find any part from the locale and the part's name alone: a table of 120
 * hashed chunk names cost every first visit about 3 KB gzip. A change to any string moves them all
 * to a new folder (a returning user downloads their language's parts again once).
 * In `vite dev` and the unit tests each part is a module (`dictionary:<locale>:<part>`), imported.
 *
 * The tab parts are derived once per build (in `vite dev`, once per server start: a group a page
 * starts to name shows blank there until the rest has loaded, with a warning in the console).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { CORE_GROUPS, TAB_PARTS } from '../src/i18n/coreGroups.ts';
import { pageGroups } from './pageGroups.ts';

const ID = 'virtual:dictionaries';
type Tab = keyof typeof TAB_PARTS;
type Part = (typeof PARTS)[number];
export const PARTS = ['core', ...(Object.keys(TAB_PARTS) as Tab[]), 'rest'] as const;
export const PART = new RegExp(`^\\0?dictionary:([a-z]{2}):(${PARTS.join('|')})$`);

/** A dictionary file of the build: its folder (`assets/strings-<hash>/`), locale and part. */
export const STRINGS_FILE = /^(assets\/strings-[\w-]+\/)([a-z]{2})-([a-z]+)\.json$/;

export function dictionaries(): Plugin {
  const dir = fileURLToPath(new URL('../../locales/', import.meta.url));
  const src = fileURLToPath(new URL('../src/', import.meta.url));
  const wholeGroups = new Set<string>(CORE_GROUPS.filter((g) => !g.includes('.')));
  const singleKeys = CORE_GROUPS.filter((g) => g.includes('.')).map((k) => k.split('.'));
  const locales = () =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5));
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
  /** One part of `locale`'s dictionary, as JSON. */
  const partJson = (locale: string, which: Part) => {
    const all = JSON.parse(readFileSync(`${dir}${locale}.json`, 'utf8')) as Record<string, unknown>;
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
    return JSON.stringify(part);
  };
  /** The build's files: every locale's every part, in one folder named by their hash. */
  let files: { folder: string; parts: Map<string, string> } | undefined;
  const buildFiles = () => {
    if (files) return files;
    const parts = new Map(locales().flatMap((l) => PARTS.map((p) => [`${l}-${p}.json`, partJson(l, p)] as const)));
    const hash = createHash('sha256');
    for (const [name, json] of parts) hash.update(`${name}\n${json}\n`);
    return (files = { folder: `assets/strings-${hash.digest('base64url').slice(0, 10)}/`, parts });
  };
  let command: 'build' | 'serve' = 'serve';
  return {
    name: 'h5-dictionaries',
    configResolved(config) {
      command = config.command;
    },
    buildStart() {
      files = undefined;
      tabGroups = undefined;
      if (command !== 'build') return;
      const { folder, parts } = buildFiles();
      for (const [name, source] of parts) this.emitFile({ type: 'asset', fileName: `${folder}${name}`, source });
    },
    resolveId(id) {
      if (id === ID) return `\0${ID}`;
      if (PART.test(id)) return id.startsWith('\0') ? id : `\0${id}`;
      return null;
    },
    load(id) {
      if (id === `\0${ID}`) {
        if (command === 'build')
          return `const folder = import.meta.env.BASE_URL + ${JSON.stringify(buildFiles().folder)};
export function loadDictionary(locale, part) {
  return fetch(folder + locale + '-' + part + '.json').then((response) => {
    if (!response.ok) throw new Error('dictionary ' + locale + '-' + part + ': HTTP ' + response.status);
    return response.json();
  });
}
`;
        const rows = locales().map((l) => `  ${l}: { ${PARTS.map((p) => `${p}: () => import('dictionary:${l}:${p}')`).join(', ')} },`);
        return `const parts = {\n${rows.join('\n')}\n};\nexport function loadDictionary(locale, part) {\n  return parts[locale][part]().then((m) => m.default);\n}\n`;
      }
      const m = PART.exec(id);
      if (!m) return null;
      this.addWatchFile(`${dir}${m[1]}.json`);
      return `export default JSON.parse(${JSON.stringify(partJson(m[1], m[2] as Part))});\n`;
    },
  };
}
