/**
 * Every dictionary follows locales/en.json: no key en does not have, the same {{placeholders}}
 * in each string, and the 20 product locales all present.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { I18N_TAG, LOCALES, type Locale } from './index';

const dir = join(import.meta.dirname, '../../../locales');
type Tree = string | Tree[] | { [key: string]: Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') out.set(prefix, tree);
  else for (const [k, v] of Object.entries(tree)) for (const [p, s] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(p, s);
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const en = leaves(JSON.parse(readFileSync(join(dir, 'en.json'), 'utf8')));
const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'en.json');

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Plural groups of en.json: the key without its suffix (en has `_one` and `_other`). */
const pluralBases = [...new Set([...en.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')))];
/** The English text a key answers to: a plural form answers to en's `_other`. */
const enText = (key: string) => en.get(key) ?? (PLURAL.test(key) ? en.get(key.replace(PLURAL, '_other')) : undefined);

describe('locale dictionaries', () => {
  it('exist for all 20 product locales', () => {
    expect(files.map((f) => f.replace('.json', '')).sort()).toEqual(Object.keys(LOCALES).filter((l) => l !== 'en').sort());
  });

  it.each(files)('%s has only keys of en.json, with the same placeholders', (file) => {
    const dict = leaves(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    const unknown = [...dict.keys()].filter((k) => enText(k) === undefined);
    expect(unknown, 'keys not in en.json').toEqual([]);
    for (const [key, text] of dict) expect(placeholders(text), `${file} ${key}`).toEqual(placeholders(enText(key)!));
    // A translated plural group has every form its language needs (Romanian "few", Arabic six).
    const categories = new Intl.PluralRules(I18N_TAG[file.replace('.json', '') as Locale]).resolvedOptions().pluralCategories;
    for (const base of pluralBases) {
      const present = categories.filter((c) => dict.has(`${base}_${c}`));
      if (present.length) expect(present, `${file} ${base}`).toEqual(categories);
    }
    // Untranslated keys fall back to English; the figure shows how complete a language is.
    console.info(`${file}: ${dict.size}/${en.size} strings`);
  });
});
