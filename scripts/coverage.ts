/**
 * `npm run coverage`: the unit tests with V8 coverage, then the statements and branches they run of
 * the mock's domain and of the app, per folder (what is measured: vitest.config.ts). Not part of
 * `npm test`, where it would add about 45 s on two cores: run it when a change adds or removes
 * tests, and compare. Exits with Vitest's status. Arguments go to Vitest (e.g. a file filter).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const FOLDERS = ['mock-server/src/domain', 'web/src'];

type Count = { total: number; covered: number };
type Summary = Record<string, { statements: Count; branches: Count }>;

const scratch = mkdtempSync(join(tmpdir(), 'coverage-'));
const run = spawnSync('npx', ['vitest', 'run', '--coverage', `--coverage.reportsDirectory=${scratch}`, ...process.argv.slice(2)], { stdio: 'inherit' });

const file = join(scratch, 'coverage-summary.json');
if (existsSync(file)) {
  const summary = JSON.parse(readFileSync(file, 'utf8')) as Summary;
  const percent = (c: Count) => `${((100 * c.covered) / Math.max(1, c.total)).toFixed(1)} % of ${c.total}`;
  const rows = FOLDERS.map((folder) => {
    const sum = { statements: { total: 0, covered: 0 }, branches: { total: 0, covered: 0 } };
    for (const [path, counts] of Object.entries(summary)) {
      if (!relative(process.cwd(), path).startsWith(`${folder}/`)) continue;
      for (const kind of ['statements', 'branches'] as const) {
        sum[kind].total += counts[kind].total;
        sum[kind].covered += counts[kind].covered;
      }
    }
    return [folder, percent(sum.statements), percent(sum.branches)];
  });
  const all = [['folder', 'statements', 'branches'], ...rows];
  const widths = all[0].map((_, i) => Math.max(...all.map((r) => r[i].length)));
  console.log(`\nunit test coverage\n\n${all.map((r) => r.map((cell, i) => (i ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ')).join('\n')}`);
}
rmSync(scratch, { recursive: true, force: true });
process.exit(run.status ?? 1);
