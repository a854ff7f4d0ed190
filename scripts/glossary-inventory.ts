/**
 * Inventory of product names (locales/GLOSSARY.md): for each locale and each glossary term, every
 * string in the dictionary that says the term's name (or an inflected form) and every one that says
 * a competing name. The glossary's own key lists are what the unit test holds to; this finds the
 * strings outside them. Run: node --import tsx scripts/glossary-inventory.ts [locale…] [--avoid];
 * with --table it prints instead the table of names that locales/GLOSSARY.md shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '../locales');
type Tree = { [key: string]: Tree | string } | Tree[];
interface Term {
  names: Record<string, string>;
  stems: Record<string, string[]>;
  avoid: Record<string, string[]>;
}
const { terms } = JSON.parse(readFileSync(join(dir, 'glossary/terms.json'), 'utf8')) as { terms: Record<string, Term> };

function* leaves(tree: Tree | string, prefix = ''): Generator<[string, string]> {
  if (typeof tree === 'string') yield [prefix, tree];
  else for (const [k, v] of Object.entries(tree)) yield* leaves(v, prefix ? `${prefix}.${k}` : k);
}

const args = process.argv.slice(2);
if (args.includes('--table')) {
  const ids = Object.keys(terms);
  console.log(`| locale | ${ids.join(' | ')} |\n|${'---|'.repeat(ids.length + 1)}`);
  for (const locale of Object.keys(terms.spot.names)) console.log(`| ${locale} | ${ids.map((id) => terms[id].names[locale]).join(' | ')} |`);
  process.exit(0);
}
const onlyAvoid = args.includes('--avoid');
const locales = args.filter((a) => !a.startsWith('--'));
for (const locale of locales.length ? locales : Object.keys(terms.spot.names)) {
  const strings = [...leaves(JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Tree)];
  console.log(`# ${locale}`);
  for (const [id, term] of Object.entries(terms)) {
    const said = [term.names[locale], ...(term.stems[locale] ?? [])].map((s) => s.toLocaleLowerCase());
    const avoid = (term.avoid[locale] ?? []).map((a) => new RegExp(a, 'iu'));
    const lines = strings.flatMap(([key, text]) => {
      const plain = text.replace(/\u00ad/g, '');
      const bad = avoid.find((a) => a.test(plain));
      if (bad) return [`  ✗ ${key}: ${plain}   (says /${bad.source}/)`];
      if (!onlyAvoid && said.some((s) => plain.toLocaleLowerCase().includes(s))) return [`    ${key}: ${plain}`];
      return [];
    });
    if (lines.length) console.log(`## ${id} = ${term.names[locale]}\n${lines.join('\n')}`);
  }
}
