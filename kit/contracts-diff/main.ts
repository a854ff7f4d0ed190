/**
 * `npm run contracts:diff -- [<git ref>] [--json]`: the breaking-change gate of the contracts.
 *
 * Compares contracts/openapi.yaml, asyncapi.yaml and mock-control.yaml (each root with the files it
 * refers to, contracts/openapi/… and so on, or one file as in releases before the split) at a git
 * ref (by default the last release of contracts/CHANGELOG.md) with the working tree, prints every interface change
 * grouped breaking / non-breaking, and exits
 * - 0 when nothing breaks, or when every document with breaking changes raised its `info.version`
 *   major (a new contract version);
 * - 1 when a document has breaking changes and kept its major;
 * - 2 when the ref cannot be found (e.g. a shallow clone: `git fetch --unshallow`).
 *
 * The classification rules are in schema-diff.ts (JSON Schemas, request and response directions),
 * openapi-diff.ts (operations) and asyncapi-diff.ts (events); `diffContracts` compares two folders
 * without git, the rest of this file is the git plumbing and the printing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diffAsyncApi } from './asyncapi-diff.ts';
import { formatFinding, type DocName, type Finding } from './findings.ts';
import { diffOpenApi } from './openapi-diff.ts';
import { ContractFolder } from './resolve.ts';

export const DOCUMENTS: { doc: DocName; file: string }[] = [
  { doc: 'openapi', file: 'openapi.yaml' },
  { doc: 'asyncapi', file: 'asyncapi.yaml' },
  { doc: 'control', file: 'mock-control.yaml' },
];

export interface DocumentVersions {
  file: string;
  before: string | null;
  after: string | null;
  majorRaised: boolean;
  breaking: number;
  nonBreaking: number;
}

export interface DiffResult {
  findings: Finding[];
  documents: Record<DocName, DocumentVersions>;
  notes: string[];
  breaking: number;
  nonBreaking: number;
  /** Documents with breaking changes whose major was not raised. */
  blocking: DocName[];
  exitCode: 0 | 1;
}

const major = (version: string | null) => (version === null ? NaN : Number.parseInt(version.split('.')[0], 10));

/** Compares the contracts of two folders (`before`: the release, `after`: the candidate). */
export function diffContracts(beforeDir: string, afterDir: string): DiffResult {
  const refNames = new WeakMap<object, string>();
  const before = new ContractFolder(beforeDir, refNames);
  const after = new ContractFolder(afterDir, refNames);
  const findings: Finding[] = [];
  const notes: string[] = [];
  const documents = {} as Record<DocName, DocumentVersions>;
  for (const { doc, file } of DOCUMENTS) {
    const version = (f: ContractFolder) => (f.has(file) ? String((f.raw(file).info as { version?: unknown } | undefined)?.version ?? '') : null);
    const vb = version(before);
    const va = version(after);
    documents[doc] = { file, before: vb, after: va, majorRaised: major(va) > major(vb), breaking: 0, nonBreaking: 0 };
    if (vb === null && va === null) continue;
    if (vb === null) {
      notes.push(`${file} is not in the base: it is new, nothing to compare.`);
      continue;
    }
    if (va === null) {
      findings.push({ doc, subject: 'document', location: '', message: `${file} removed`, severity: 'breaking' });
      continue;
    }
    const b = before.document(file);
    const a = after.document(file);
    if (doc === 'asyncapi') findings.push(...diffAsyncApi(b, a, refNames));
    else findings.push(...diffOpenApi(b, a, doc, refNames));
  }
  for (const f of findings) documents[f.doc][f.severity === 'breaking' ? 'breaking' : 'nonBreaking']++;
  const blocking = DOCUMENTS.map((d) => d.doc).filter((d) => documents[d].breaking > 0 && !documents[d].majorRaised);
  const breaking = findings.filter((f) => f.severity === 'breaking').length;
  return { findings, documents, notes, breaking, nonBreaking: findings.length - breaking, blocking, exitCode: blocking.length ? 1 : 0 };
}

export function renderReport(result: DiffResult, base: string): string {
  const lines: string[] = [`Contracts diff: ${base} → working tree`];
  lines.push(
    DOCUMENTS.map(({ doc, file }) => {
      const d = result.documents[doc];
      return `${file} ${d.before ?? '(absent)'} → ${d.after ?? '(absent)'}`;
    }).join(', '),
  );
  for (const note of result.notes) lines.push(`Note: ${note}`);
  lines.push('');
  if (!result.findings.length) {
    lines.push('No interface changes.');
    return lines.join('\n');
  }
  for (const [title, severity] of [
    ['Breaking changes', 'breaking'],
    ['Non-breaking changes', 'non-breaking'],
  ] as const) {
    const group = result.findings.filter((f) => f.severity === severity);
    if (!group.length) continue;
    lines.push(`${title} (${group.length}):`);
    for (const f of group) lines.push(`  ${formatFinding(f)}`);
    lines.push('');
  }
  lines.push('Requests: breaking when the server may refuse what it accepted. Responses and events: breaking when');
  lines.push('clients may receive what they do not expect, except what the Compatibility sections allow (new');
  lines.push('response fields, enum values, error codes, operations and events: clients ignore what they do not know).');
  const per = DOCUMENTS.map(({ doc }) => `${doc} ${result.documents[doc].breaking}/${result.documents[doc].nonBreaking}`).join(', ');
  lines.push(`Summary: ${result.breaking} breaking, ${result.nonBreaking} non-breaking (breaking/non-breaking: ${per}).`);
  for (const { doc, file } of DOCUMENTS) {
    const d = result.documents[doc];
    if (d.breaking && d.majorRaised) lines.push(`${file}: major version raised (${d.before} → ${d.after}): its breaking changes are allowed.`);
  }
  for (const doc of result.blocking) {
    const d = result.documents[doc];
    lines.push(`${d.file}: breaking changes without a new major version (${d.before} → ${d.after}): raise info.version's major, or keep the old behaviour.`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// git plumbing

export class UsageError extends Error {}

function git(root: string, args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
}

function tryGit(root: string, args: string[]): string | undefined {
  try {
    return git(root, args).trim();
  } catch {
    return undefined;
  }
}

const commitOf = (root: string, ref: string) => tryGit(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]) || undefined;

/** The newest release of a changelog: its version (`## v1.2.3 …`) and the commit its entry names. */
export function lastRelease(changelog: string): { version: string; commit?: string } | undefined {
  const match = /^## v(\d+\.\d+\.\d+)\b.*$/m.exec(changelog);
  if (!match) return undefined;
  const rest = changelog.slice(match.index + match[0].length);
  const entry = rest.slice(0, rest.search(/^## /m) === -1 ? undefined : rest.search(/^## /m));
  const commit = /commit[^`\n]*`([0-9a-f]{7,40})`/i.exec(entry)?.[1];
  return { version: match[1], commit };
}

function shallowHint(root: string): string {
  return tryGit(root, ['rev-parse', '--is-shallow-repository']) === 'true' ? ' This is a shallow clone: run `git fetch --unshallow --tags` first.' : '';
}

/** The commit to compare with: the ref given, else the last release (tag, changelog commit, fetched tag). */
export function resolveBase(root: string, ref: string | undefined): { commit: string; label: string } {
  if (ref) {
    const commit = commitOf(root, ref);
    if (!commit) throw new UsageError(`Unknown git ref: ${ref}.${shallowHint(root)}`);
    return { commit, label: ref };
  }
  const changelogFile = join(root, 'contracts', 'CHANGELOG.md');
  const release = existsSync(changelogFile) ? lastRelease(readFileSync(changelogFile, 'utf8')) : undefined;
  if (!release) throw new UsageError('No release (`## vX.Y.Z`) in contracts/CHANGELOG.md: pass a git ref to compare with.');
  const tag = `v${release.version}`;
  let commit = commitOf(root, `refs/tags/${tag}`);
  if (commit) return { commit, label: tag };
  if (release.commit) commit = commitOf(root, release.commit);
  if (commit) return { commit, label: `${tag} (commit ${release.commit} from the changelog)` };
  tryGit(root, ['fetch', '--no-tags', 'origin', `refs/tags/${tag}:refs/tags/${tag}`]);
  commit = commitOf(root, `refs/tags/${tag}`);
  if (commit) return { commit, label: `${tag} (fetched)` };
  throw new UsageError(
    `Cannot find the last release ${tag}: no such tag, the changelog's commit ${release.commit ?? '(none)'} is unknown, and fetching the tag from origin failed.${shallowHint(root)}`,
  );
}

/**
 * Writes the contract sources of a commit to a new temporary folder, as they are laid out there (the
 * roots and every YAML file beside them but generated/: the files the roots' `$ref`s name).
 */
export function exportContracts(root: string, commit: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'contracts-diff-'));
  const files = (tryGitRaw(root, ['ls-tree', '-r', '--name-only', commit, '--', 'contracts/']) ?? '')
    .split('\n')
    .filter((f) => f.endsWith('.yaml') && !f.startsWith('contracts/generated/'));
  for (const file of files) {
    const text = tryGitRaw(root, ['show', `${commit}:${file}`]);
    if (text === undefined) continue;
    const out = join(dir, file.slice('contracts/'.length));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, text);
  }
  return dir;
}

function tryGitRaw(root: string, args: string[]): string | undefined {
  try {
    return git(root, args);
  } catch {
    return undefined;
  }
}

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

const defaultIo: Io = { out: (t) => process.stdout.write(`${t}\n`), err: (t) => process.stderr.write(`${t}\n`) };
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const USAGE = `Usage: npm run contracts:diff -- [<git ref>] [--json]
Compares contracts/*.yaml at <git ref> (default: the last release in contracts/CHANGELOG.md) with the
working tree. Exit 0: no breaking change, or its document's info.version major was raised; 1: breaking
changes; 2: the ref cannot be found.`;

/** The command line; returns the exit code. `root` is the repository (its contracts/ is the candidate). */
export function runCli(argv: string[], io: Io = defaultIo, root = ROOT): number {
  const json = argv.includes('--json');
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  const positional = argv.filter((a) => !a.startsWith('--'));
  if (positional.length > 1 || argv.some((a) => a.startsWith('--') && a !== '--json')) {
    io.err(USAGE);
    return 2;
  }
  let base: { commit: string; label: string };
  try {
    base = resolveBase(root, positional[0]);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(`contracts:diff: ${e.message}`);
    return 2;
  }
  const dir = exportContracts(root, base.commit);
  try {
    const result = diffContracts(dir, join(root, 'contracts'));
    const label = `${base.label} (${base.commit.slice(0, 7)})`;
    if (json) io.out(JSON.stringify({ base: { ref: base.label, commit: base.commit }, head: 'working tree', ...result }, null, 2));
    else io.out(renderReport(result, label));
    return result.exitCode;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = runCli(process.argv.slice(2));
}
