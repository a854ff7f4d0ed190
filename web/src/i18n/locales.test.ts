/**
 * Every dictionary has the shape of locales/en.json: each value is what en has there (a string, an
 * array of as many items, an object with en's keys, plural groups in the forms of its language),
 * each string has en's {{placeholders}}, and the 20 product locales are all present.
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

const PLURAL = /_(zero|one|two|few|many|other)$/;
const kind = (v: unknown) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);

/**
 * Where `tree` is not shaped like `model` (en.json), as "path: problem" lines. An array must stay an
 * array of the same length: i18next hands it out whole (`returnObjects`), so an object keyed
 * "0".."n" in its place renders nothing in LegalText. An object has exactly en's keys, except that
 * a plural group (en's `_one`/`_other`) has the forms of `categories`, the language's plural rules.
 */
function shapeErrors(model: Tree, tree: unknown, categories: readonly string[], path = ''): string[] {
  const at = (k: string | number) => (path ? `${path}.${k}` : String(k));
  if (kind(tree) !== kind(model)) return [`${path || '(root)'}: ${kind(tree)} where en has ${kind(model)}`];
  if (typeof model === 'string') return [];
  if (Array.isArray(model)) {
    const list = tree as unknown[];
    if (list.length !== model.length) return [`${path}: ${list.length} items where en has ${model.length}`];
    return model.flatMap((m, i) => shapeErrors(m, list[i], categories, at(i)));
  }
  const obj = tree as Record<string, unknown>;
  const expected = new Map<string, Tree>();
  for (const [k, v] of Object.entries(model)) {
    if (!PLURAL.test(k)) expected.set(k, v);
    else for (const c of categories) expected.set(`${k.replace(PLURAL, '')}_${c}`, v);
  }
  return [
    ...[...expected.keys()].filter((k) => !Object.hasOwn(obj, k)).map((k) => `${at(k)}: missing`),
    ...Object.keys(obj)
      .filter((k) => !expected.has(k))
      .map((k) => `${at(k)}: not in en.json`),
    ...[...expected].filter(([k]) => Object.hasOwn(obj, k)).flatMap(([k, m]) => shapeErrors(m, obj[k], categories, at(k))),
  ];
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const enTree = JSON.parse(readFileSync(join(dir, 'en.json'), 'utf8')) as Tree;
const en = leaves(enTree);
const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'en.json');
const pluralCategories = (file: string) => new Intl.PluralRules(I18N_TAG[file.replace('.json', '') as Locale]).resolvedOptions().pluralCategories;

/** The English text a key answers to: a plural form answers to en's `_other`. */
const enText = (key: string) => en.get(key) ?? (PLURAL.test(key) ? en.get(key.replace(PLURAL, '_other')) : undefined);

describe('locale dictionaries', () => {
  it('exist for all 20 product locales', () => {
    expect(files.map((f) => f.replace('.json', '')).sort()).toEqual(
      Object.keys(LOCALES)
        .filter((l) => l !== 'en')
        .sort(),
    );
  });

  it.each(files)('%s has the shape of en.json', (file) => {
    const dict = JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown;
    // A translated plural group has every form its language needs (Romanian "few", Arabic six).
    expect(shapeErrors(enTree, dict, pluralCategories(file)), `${file} differs from en.json`).toEqual([]);
  });

  it.each(files)('%s has only keys of en.json, with the same placeholders', (file) => {
    const dict = leaves(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    const unknown = [...dict.keys()].filter((k) => enText(k) === undefined);
    expect(unknown, 'keys not in en.json').toEqual([]);
    for (const [key, text] of dict) expect(placeholders(text), `${file} ${key}`).toEqual(placeholders(enText(key)!));
  });
});

describe('the shape comparison', () => {
  const copy = () => structuredClone(enTree) as Record<string, Record<string, Tree>>;

  it('finds nothing to say about en.json itself', () => {
    expect(shapeErrors(enTree, enTree, ['one', 'other'])).toEqual([]);
  });

  it('catches an array stored as an object keyed "0".."n" (the empty agreement of issue #9)', () => {
    const broken = copy();
    broken.agreement.sections = { ...(broken.agreement.sections as Tree[]) };
    expect(Object.keys(broken.agreement.sections)).toEqual(['0', '1', '2', '3', '4', '5']);
    // Keys alone cannot tell: the flattened paths are the same as en's.
    expect([...leaves(broken as Tree).keys()]).toEqual([...en.keys()]);
    expect(shapeErrors(enTree, broken, ['one', 'other'])).toEqual(['agreement.sections: object where en has array']);
  });

  it('catches a wrong length, a wrong kind, a missing or extra key, and a missing plural form', () => {
    const broken = copy();
    (broken.policy.sections as Tree[]).pop();
    broken.agreement.intro = ['text'];
    (broken.legal as Record<string, Tree>).extra = 'x';
    delete (broken.legal as Record<string, Tree>).updated;
    expect(shapeErrors(enTree, broken, ['one', 'other']).sort()).toEqual([
      'agreement.intro: array where en has string',
      'legal.extra: not in en.json',
      'legal.updated: missing',
      'policy.sections: 4 items where en has 5',
    ]);
    const plural = [...en.keys()].find((k) => k.endsWith('_one'))!;
    const errors = shapeErrors(enTree, enTree, ['few', 'one', 'other']);
    expect(errors).toContain(`${plural.replace(PLURAL, '_few')}: missing`);
  });
});
