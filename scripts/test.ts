/**
 * `npm test`: every check of the project, then where the time went: a table of the phases with their
 * times, the 10 slowest unit test files and the 10 slowest e2e tests (from Vitest's and Playwright's
 * JSON reports, written to a scratch folder). Exits with the first failing phase's status, or 0.
 *
 * The phases run in steps, in order, and a step starts only when every phase before it passed. The
 * phases of one step do not depend on each other and run at the same time (each is one process on
 * one core, and the machine has at least two); their output is printed whole as each one ends, so
 * it never interleaves. Unit tests and e2e tests use every core themselves: they run alone.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const scratch = mkdtempSync(join(tmpdir(), 'npm-test-'));
const unitReport = join(scratch, 'vitest.json');
const e2eReport = join(scratch, 'e2e.json');

type Phase = { name: string; run: string[]; env?: Record<string, string> };

const STEPS: Phase[][] = [
  [
    { name: 'codegen --check', run: ['npm', 'run', 'codegen', '--', '--check'] },
    { name: 'contracts:validate', run: ['npm', 'run', 'contracts:validate'] },
    { name: 'contracts:lint', run: ['npm', 'run', 'contracts:lint'] },
    { name: 'contracts:diff', run: ['npm', 'run', 'contracts:diff'] },
    { name: 'typecheck', run: ['npm', 'run', 'typecheck'] },
    { name: 'lint', run: ['npm', 'run', 'lint'] },
    { name: 'format:check', run: ['npm', 'run', 'format:check'] },
  ],
  [{ name: 'unit tests', run: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`] }],
  [
    { name: 'conformance', run: ['npm', 'run', 'conformance', '--', '--mock', '--listen', '3', '--repeat', '2'] },
    { name: 'build', run: ['npm', 'run', 'build'] },
  ],
  // The config adds Playwright's JSON reporter when E2E_JSON names a file.
  [{ name: 'e2e', run: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'], env: { E2E_JSON: e2eReport } }],
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const table = (rows: string[][]) => {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ')).join('\n');
};

function readJson<T>(file: string): T | undefined {
  try {
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** The 10 slowest unit test files, from Vitest's JSON report. */
function slowestUnitFiles(): string[][] {
  const report = readJson<{ testResults: Array<{ name: string; startTime: number; endTime: number }> }>(unitReport);
  return (report?.testResults ?? [])
    .map((f) => [relative(process.cwd(), f.name), f.endTime - f.startTime] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([name, ms]) => [name, seconds(ms)]);
}

interface E2eSuite {
  title: string;
  file?: string;
  specs?: Array<{ title: string; file: string; line: number; tests: Array<{ results: Array<{ duration: number }> }> }>;
  suites?: E2eSuite[];
}

/** The 10 slowest e2e tests (every attempt counted), from Playwright's JSON report. */
function slowestE2eTests(): string[][] {
  const report = readJson<{ suites: E2eSuite[] }>(e2eReport);
  const all: Array<[string, number]> = [];
  const walk = (suite: E2eSuite) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.reduce((n, t) => n + t.results.reduce((m, r) => m + r.duration, 0), 0);
      all.push([`${spec.file}:${spec.line} ${spec.title}`.slice(0, 110), ms]);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return all
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([name, ms]) => [name, seconds(ms)]);
}

/**
 * Runs a phase; resolves with its exit status (or signal) and time. Alone in its step it writes
 * straight to the terminal (a long phase shows its progress); beside others, its output is kept and
 * printed whole when it ends.
 */
function run(phase: Phase, alone: boolean): Promise<{ status: number; result: string; ms: number }> {
  const t = performance.now();
  const [command, ...args] = phase.run;
  const child = spawn(command, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...phase.env } });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const ms = performance.now() - t;
      const status = code ?? 1;
      if (!alone) process.stdout.write(`\n── ${phase.name} (${seconds(ms)}) ──\n${Buffer.concat(output).toString()}`);
      resolve({ status, result: status === 0 ? 'ok' : `FAILED (${signal ?? status})`, ms });
    });
  });
}

const done: string[][] = [];
const started = performance.now();
let status = 0;
for (const [n, step] of STEPS.entries()) {
  const results = await Promise.all(step.map((phase) => run(phase, step.length === 1)));
  step.forEach((phase, i) => done.push([String(n + 1), phase.name, results[i].result, seconds(results[i].ms)]));
  status = results.find((r) => r.status !== 0)?.status ?? 0;
  if (status !== 0) break;
}
done.push(['', 'all', status === 0 ? 'ok' : 'FAILED', seconds(performance.now() - started)]);

console.log(`\nnpm test: where the time went\n\n${table([['step', 'phase', 'result', 'time'], ...done])}`);
const unit = slowestUnitFiles();
if (unit.length) console.log(`\nslowest unit test files\n\n${table(unit)}`);
const e2e = slowestE2eTests();
if (e2e.length) console.log(`\nslowest e2e tests\n\n${table(e2e)}`);
rmSync(scratch, { recursive: true, force: true });
process.exit(status);
