/**
 * pageGroups (web/build/pageGroups.ts), the walk that gives each tab page its part of the
 * dictionaries: on a small tree of files, each way of importing and of naming a key; and on the real
 * tab pages, against TypeScript's own reading of the same files (its parser for the literals, its
 * resolver for the imports), so that a group the scan would miss fails here, not on a user's screen.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { TAB_PARTS } from '../src/i18n/coreGroups';
import { APP_DIR, pageGroups } from './pageGroups';

const GROUPS = Object.keys(JSON.parse(readFileSync(fileURLToPath(new URL('../../locales/en.json', import.meta.url)), 'utf8')) as object);
const src = (page: string) => fileURLToPath(new URL(`../src/${page}`, import.meta.url));

describe('pageGroups on a fixture', () => {
  const root = mkdtempSync(join(tmpdir(), 'page-groups-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'pages/Page.tsx': `
      import { a } from '../lib/a';
      import {
        b,
        c as cc,
      } from '../lib/b.ts';
      import '../lib/side';
      import type { T } from '../lib/typeOnly';
      import { useState } from 'react';
      import styles from './page.module.css';
      export { d } from '../lib/d';
      export * from '../lib/e/index.tsx';
      const Sheet = lazy(() => import('../lib/sheet'));
      const Other = lazy(() => import(/* a comment */ \`../lib/tpl\`));
      const app = () => import('../app/routes');
      export const Page = () => <h1 title="kline.title">{t('trade.buy')}</h1>;
      // "market" alone, 'foo.bar' and t(prefix + '.x') name no group
      const x = t('notagroup.key') + 'market';
    `,
    'lib/a.ts': 'export const a = (code: string) => t(`apiErrors.${code}`);',
    'lib/b.ts': "export const b = 1, c = 'lever.' + side;",
    'lib/side.ts': "register({ title: 'routes.kline' });",
    'lib/typeOnly.ts': "export type T = 'fiat.never';",
    'lib/d/index.ts': "export const d = ['funds.deposit'];",
    'lib/e/index.tsx': "export const e = <p>{t('assets.total')}</p>;",
    'lib/sheet.tsx': "export default () => t('transfer.title', { count: 2 });",
    'lib/tpl.ts': 'export default `team.${level}.name`;',
    'app/routes.tsx': "export const r = 'ieo.never';",
    'pages/page.module.css': ".x { content: 'loans.never'; }",
  };
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), code);
  }

  it('finds the groups named at the start of a literal in every module the page imports, statically or not', () => {
    const { groups, files: read } = pageGroups(join(root, 'pages/Page.tsx'), GROUPS, [join(root, 'app')]);
    expect([...groups].sort()).toEqual(['apiErrors', 'assets', 'funds', 'kline', 'lever', 'routes', 'team', 'trade', 'transfer']);
    // Not into app/ (the route table), a type-only import, a stylesheet or a package.
    expect(read.map((f) => f.slice(root.length + 1)).sort()).toEqual([
      'lib/a.ts',
      'lib/b.ts',
      'lib/d/index.ts',
      'lib/e/index.tsx',
      'lib/sheet.tsx',
      'lib/side.ts',
      'lib/tpl.ts',
      'pages/Page.tsx',
    ]);
  });
});

/** The same walk done by TypeScript: value imports (static and dynamic) and every string or template literal. */
function typescriptWalk(entry: string): { groups: Set<string>; files: Set<string> } {
  const options: ts.CompilerOptions = {
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.ESNext,
    allowImportingTsExtensions: true,
    allowJs: true,
  };
  const known = new Set(GROUPS);
  const groups = new Set<string>();
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file) || file.startsWith(APP_DIR)) return;
    files.add(file);
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS,
    );
    const specifiers: string[] = [];
    const walk = (node: ts.Node) => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node)) {
        const group = /^([A-Za-z_$][\w$]*)\./.exec(node.text)?.[1];
        if (group && known.has(group)) groups.add(group);
      }
      if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier))
        specifiers.push(node.moduleSpecifier.text);
      if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
        specifiers.push(node.moduleSpecifier.text);
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0]))
        specifiers.push(node.arguments[0].text);
      ts.forEachChild(node, walk);
    };
    walk(source);
    for (const specifier of specifiers) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      // Generated JavaScript with its declarations beside it: TypeScript reads the .d.ts, the bundler the .js.
      const code = resolved.resolvedFileName.replace(/\.d\.ts$/, '.js');
      if (/\.(ts|tsx|js|mjs)$/.test(code) && !code.endsWith('.d.ts') && existsSync(code)) visit(code);
    }
  };
  visit(entry);
  return { groups, files };
}

describe('pageGroups on the tab pages', () => {
  it.each(Object.entries(TAB_PARTS))('%s: every group the code names and every module it imports, as TypeScript reads them', (_tab, page) => {
    const scan = pageGroups(src(page), GROUPS);
    const reference = typescriptWalk(src(page));
    expect(reference.files.size).toBeGreaterThan(10);
    expect(new Set(scan.files)).toEqual(reference.files);
    for (const g of reference.groups) expect(scan.groups, g).toContain(g);
  });

  it("the trade page names the trade and chart groups, the margin page lever's, the assets page assets'", () => {
    expect([...pageGroups(src(TAB_PARTS.trade), GROUPS).groups]).toEqual(expect.arrayContaining(['trade', 'kline']));
    expect([...pageGroups(src(TAB_PARTS.lever), GROUPS).groups]).toEqual(expect.arrayContaining(['lever']));
    expect([...pageGroups(src(TAB_PARTS.assets), GROUPS).groups]).toEqual(expect.arrayContaining(['assets']));
  });
});
