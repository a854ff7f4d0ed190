/**
 * End to end on copies of the contracts (no git): planted breaking changes fail the gate, compatible
 * changes and a raised major pass, the working tree against itself reports nothing.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledFile } from '../../codegen/generators/paths.ts';
import { formatFinding } from './findings.ts';
import { DOCUMENTS, diffContracts, lastRelease, renderReport, runCli } from './main.ts';
import { parseYaml } from './resolve.ts';

const CONTRACTS = fileURLToPath(new URL('../../contracts/', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'contracts-diff-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Doc = Record<string, any>;

/**
 * The base side: the bundles (one self-contained file per document), so that the working tree
 * against it also checks that the split sources say what their bundles say.
 */
const base = join(work, 'base');
mkdirSync(base);
for (const { doc, file } of DOCUMENTS) copyFileSync(bundledFile(doc === 'control' ? 'mock-control' : doc), join(base, file));

/**
 * A copy of the contracts (from the bundles), each document changed by `edit`. Written as JSON (valid YAML, and parsed
 * natively: the `yaml` package needs about a second for openapi.yaml, which would make these tests slow).
 */
function variant(name: string, edit: (docs: Record<'openapi' | 'asyncapi' | 'control', Doc>) => void = () => {}): string {
  const dir = join(work, name);
  mkdirSync(dir);
  const docs = Object.fromEntries(DOCUMENTS.map(({ doc, file }) => [doc, structuredClone(parseYaml(readFileSync(join(base, file), 'utf8'))) as Doc]));
  edit(docs as Record<'openapi' | 'asyncapi' | 'control', Doc>);
  for (const { doc, file } of DOCUMENTS) writeFileSync(join(dir, file), JSON.stringify(docs[doc], null, 1));
  return dir;
}

function operation(doc: Doc, id: string): { path: string; method: string; op: Doc } {
  for (const [path, item] of Object.entries(doc.paths as Doc)) {
    for (const [method, op] of Object.entries(item as Doc)) if ((op as Doc)?.operationId === id) return { path, method, op: op as Doc };
  }
  throw new Error(`no operation ${id}`);
}

/** The planted breaking changes; `raiseMajor`: each document's major version raised as well. */
const breaking = (dir: string, raiseMajor = false) =>
  variant(dir, (docs) => {
    const { openapi, asyncapi } = docs;
    if (raiseMajor) for (const doc of Object.values(docs)) doc.info.version = `${Number(String(doc.info.version).split('.')[0]) + 1}.0.0`;
    const logout = operation(openapi, 'logout');
    delete openapi.paths[logout.path][logout.method];
    const schemas = openapi.components.schemas;
    schemas.SendCodeRequest.required.push('country'); // a request field newly required
    schemas.SendCodeRequest.properties.account.maxLength = 200; // 254 → 200
    schemas.CheckCodeRequest.properties.scene.enum = ['forget_password']; // 'security' removed
    const tickers = asyncapi.components.schemas.TickersSnapshot; // an event payload field removed
    delete tickers.properties.time;
    tickers.required = tickers.required.filter((r: string) => r !== 'time');
    delete asyncapi.operations.rebate; // an event removed
  });

describe('contracts:diff', () => {
  it('reports nothing for the working tree against itself', () => {
    const result = diffContracts(base, CONTRACTS);
    expect(result.findings.map(formatFinding)).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(renderReport(result, 'same')).toContain('No interface changes.');
  });

  it('fails on planted breaking changes and names each one', () => {
    const result = diffContracts(base, breaking('breaking'));
    const lines = result.findings.filter((f) => f.severity === 'breaking').map(formatFinding);
    const expected = [
      /^\[openapi\] logout: operation removed \(POST \/sessions\/logout|^\[openapi\] logout: operation removed/,
      /^\[openapi\] sendCode: request body \/properties\/country: optional → required$/,
      /^\[openapi\] sendCode: request body \/properties\/account: maxLength lowered 254 → 200$/,
      /^\[openapi\] checkCode: request body \/properties\/scene: enum value removed: security$/,
      /^\[asyncapi\] event tickers: payload \S*\/properties\/time: property removed/,
      /^\[asyncapi\] event rebate: event removed/,
    ];
    for (const pattern of expected) expect(lines, lines.join('\n')).toContainEqual(expect.stringMatching(pattern));
    // A shared request schema changed once is reported for every operation using it, not twice per media type.
    expect(lines.filter((l) => l.startsWith('[openapi] sendCode: request body /properties/country'))).toHaveLength(1);
    // @asyncapi/diff classifies the structure: the removed operation is breaking there too.
    expect(lines).toContainEqual(expect.stringMatching(/^\[asyncapi\] structure: \/operations\/rebate: removed/));
    expect(result.exitCode).toBe(1);
    expect(result.blocking).toEqual(['openapi', 'asyncapi']);
    const report = renderReport(result, 'test');
    expect(report).toMatch(/^Breaking changes \(\d+\):$/m);
    expect(report).toMatch(/^Summary: \d+ breaking, \d+ non-breaking/m);
    expect(report).toContain('openapi.yaml: breaking changes without a new major version (1.0.0 → 1.0.0)');
  });

  it('passes compatible changes, reported as non-breaking', () => {
    const dir = variant('compatible', ({ openapi, asyncapi }) => {
      openapi.components.schemas.SendCodeRequest.properties.referrer = { type: 'string', maxLength: 32 }; // optional request field
      const register = operation(openapi, 'register');
      openapi.paths['/users/v2'] = { post: { ...register.op, operationId: 'registerAgain' } }; // a new operation
      asyncapi.components.schemas.TickersSnapshot.properties.source = { type: 'string' }; // a new event field
    });
    const result = diffContracts(base, dir);
    const lines = result.findings.map((f) => `${f.severity} ${formatFinding(f)}`);
    expect(lines).toContainEqual('non-breaking [openapi] sendCode: request body /properties/referrer: optional property added');
    expect(lines).toContainEqual('non-breaking [openapi] registerAgain: operation added (POST /users/v2)');
    expect(lines).toContainEqual(expect.stringMatching(/^non-breaking \[asyncapi\] event tickers: payload \S*\/properties\/source: property added/));
    expect(
      lines.filter((l) => l.startsWith('breaking')),
      lines.join('\n'),
    ).toEqual([]);
    expect(result.exitCode).toBe(0);
  });

  it('lets breaking changes through when the major version was raised', () => {
    const result = diffContracts(base, breaking('major', true));
    expect(result.breaking).toBeGreaterThan(0);
    expect(result.blocking).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(renderReport(result, 'test')).toContain('openapi.yaml: major version raised (1.0.0 → 2.0.0): its breaking changes are allowed.');
  });

  it('reads the last release from the changelog, and refuses an unknown ref with exit 2', () => {
    const release = lastRelease(readFileSync(join(CONTRACTS, 'CHANGELOG.md'), 'utf8'));
    expect(release?.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(lastRelease('# C\n\n## v1.2.0 — 2027-01-01\n\nCommit: `abcdef1`.\n\n## v1.0.0\n\nCommit: `1234567`\n')).toEqual({
      version: '1.2.0',
      commit: 'abcdef1',
    });
    const err: string[] = [];
    expect(runCli(['no-such-ref-for-contracts-diff'], { out: () => {}, err: (t) => err.push(t) })).toBe(2);
    expect(err.join('\n')).toMatch(/Unknown git ref: no-such-ref-for-contracts-diff/);
  });
});
