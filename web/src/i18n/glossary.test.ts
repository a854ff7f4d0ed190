/**
 * One name per product (locales/GLOSSARY.md, locales/glossary/terms.json): in every language, each
 * string that names a product says the glossary's name for it (or, in a sentence, one of its listed
 * inflected forms) and never a competing one; a screen's route title and its heading say the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './index';

const LOCALE_IDS = Object.keys(LOCALES);

const dir = join(import.meta.dirname, '../../../locales');
type Tree = { [key: string]: Tree | string };
type PerLocale<T> = Partial<Record<string, T>>;
interface Term {
  names: PerLocale<string>;
  stems: PerLocale<string[]>;
  avoid: PerLocale<string[]>;
  keys: string[];
}
const glossary = JSON.parse(readFileSync(join(dir, 'glossary/terms.json'), 'utf8')) as {
  sameTitle: Array<[string, string]>;
  terms: Record<string, Term>;
};
const dictionary = (locale: string) => JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Tree;
/** The text at a dotted key; a soft hyphen (a break point in a long compound) is not part of the word. */
const at = (tree: Tree, key: string) =>
  String(key.split('.').reduce<Tree | string | undefined>((t, k) => (t && typeof t === 'object' ? t[k] : undefined), tree)).replace(/\u00ad/g, '');

describe.each(LOCALE_IDS.map((l) => [l]))('%s: one name per product', (locale) => {
  const tree = dictionary(locale);
  const lower = (s: string) => s.toLocaleLowerCase(locale === 'tr' ? 'tr' : undefined);

  it.each(Object.entries(glossary.terms))('every key naming %s says its glossary name, and no competing one', (_, term) => {
    const name = term.names[locale];
    expect(name, 'the glossary has a name for this language').toBeTruthy();
    const accepted = [name!, ...(term.stems[locale] ?? [])].map(lower);
    const avoid = (term.avoid[locale] ?? []).map((a) => new RegExp(a, 'iu'));
    const wrong = term.keys.flatMap((key) => {
      const text = at(tree, key);
      const problems: string[] = [];
      if (!accepted.some((a) => lower(text).includes(a))) problems.push(`${key} = "${text}" does not say "${name}"`);
      for (const a of avoid) if (a.test(text)) problems.push(`${key} = "${text}" says ${a.source}`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });

  it('a screen is called the same in its title bar and in its heading', () => {
    for (const [route, heading] of glossary.sameTitle) expect(at(tree, heading), heading).toBe(at(tree, route));
  });
});

it('the glossary names every product in every language, and nowhere two products by one name', () => {
  for (const locale of LOCALE_IDS) {
    const names = Object.values(glossary.terms).map((t) => t.names[locale]);
    expect(names.every(Boolean), locale).toBe(true);
    expect(new Set(names).size, `${locale}: ${names.join(' | ')}`).toBe(names.length);
  }
});
