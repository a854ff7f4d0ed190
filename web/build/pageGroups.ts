/**
 * The dictionary groups a page's code names, for the page's own part of each dictionary
 * (web/build/dictionaries.ts). Walks the page module's imports in the source: static, dynamic and
 * `export … from`, relative paths resolved as written or with .ts, .tsx, /index.ts, /index.tsx;
 * not into web/src/app/ (the route table imports every page) nor into packages (bare names). In
 * each file it collects every group named at the start of a string or template literal
 * (`'trade.buy'`, `` `apiErrors.${code}` ``, `title: "routes.kline"`): a quote followed by
 * `<group>.`, where `<group>` is one of the dictionary's top-level keys.
 *
 * A plain scan, not a parser: a group named in a comment counts too (a few hundred bytes more), and
 * so does a type-only import's module. A key built without its group at the start of a literal
 * (`t(prefix + '.title')`, or a key from the server) is not seen: the page then shows it blank
 * until the missing-key handler has loaded the rest (web/src/i18n/index.ts). pageGroups.test.ts
 * checks this scan against TypeScript's own reading of the tab pages.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** web/src/app/: the route table and the shell, which import every page (and home's strings are core). */
export const APP_DIR = fileURLToPath(new URL('../src/app/', import.meta.url));

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const IMPORTS = [
  // import x from './a', import { y } from "./b", export * from './c' (not `import type`)
  /\b(?:import|export)\s+(?!type\s)[^'";]*?\bfrom\s*(['"])([^'"]+)\1/g,
  // import './d'
  /\bimport\s*(['"])([^'"]+)\1/g,
  // import('./e'), import(/* a comment */ `./f`)
  /\bimport\s*\(\s*(?:\/\*[\s\S]*?\*\/\s*)*(['"`])([^'"`]+)\1\s*\)/g,
];
/** A quote, then a name and a dot: a literal that starts with `<name>.`. */
const NAMED = /['"`]([A-Za-z_$][\w$]*)\./g;

/** The file a relative import names, or null (a package, a missing file, a stylesheet). */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const base = resolve(dirname(from), specifier.replace(/[?#].*$/, ''));
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (existsSync(file) && statSync(file).isFile()) return SOURCE.test(file) ? file : null;
  }
  return null;
}

/**
 * The groups among `groups` that the code of `entry` (a file path) and everything it imports names,
 * and the files read. `stop`: folders not walked into (web/src/app/ by default).
 */
export function pageGroups(entry: string, groups: Iterable<string>, stop: string[] = [APP_DIR]): { groups: Set<string>; files: string[] } {
  const known = new Set(groups);
  const found = new Set<string>();
  const seen = new Set<string>();
  const stops = stop.map((dir) => (dir.endsWith(sep) ? dir : dir + sep));
  const visit = (file: string) => {
    if (seen.has(file) || stops.some((dir) => file.startsWith(dir))) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const [, name] of code.matchAll(NAMED)) if (known.has(name)) found.add(name);
    for (const pattern of IMPORTS)
      for (const [, , specifier] of code.matchAll(pattern)) {
        const target = resolveImport(file, specifier);
        if (target) visit(target);
      }
  };
  visit(resolve(entry));
  return { groups: found, files: [...seen] };
}
