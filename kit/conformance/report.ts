/** The run's report: readable text grouped by operation, a JSON file and a JUnit XML file for CI. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import builder from 'junit-report-builder';
import { coverageOf, coverageText, type Coverage } from './coverage.ts';
import type { Result } from './results.ts';

const MARK = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;

export function summary(results: Result[]) {
  const count = (s: Result['status']) => results.filter((r) => r.status === s).length;
  const groups = new Set(results.map((r) => r.group));
  const failedGroups = new Set(results.filter((r) => r.status === 'fail').map((r) => r.group));
  return { checks: results.length, pass: count('pass'), fail: count('fail'), skip: count('skip'), groups: groups.size, failedGroups: failedGroups.size };
}

/** Text: failing groups first with every detail, then one line per passing group. */
export function textReport(results: Result[], verbose = false): string {
  const byGroup = new Map<string, Result[]>();
  for (const r of results) byGroup.set(r.group, [...(byGroup.get(r.group) ?? []), r]);
  const lines: string[] = [];
  const failing = [...byGroup].filter(([, list]) => list.some((r) => r.status === 'fail'));
  for (const [group, list] of failing) {
    lines.push(`FAIL ${group}`);
    for (const r of list.filter((x) => verbose || x.status !== 'pass')) {
      lines.push(`  ${MARK[r.status]} ${r.check}${r.detail ? `: ${r.detail}` : ''}`);
      if (r.status !== 'fail') continue;
      if (r.request) lines.push(`       request  ${r.request}`);
      for (const p of r.problems ?? []) {
        lines.push(`       at ${p.pointer || '(body)'}: ${p.message}`);
        if (p.expected !== undefined) lines.push(`         expected ${JSON.stringify(p.expected).slice(0, 300)}`);
      }
      if (r.answer) lines.push(`       answer   ${r.answer.slice(0, 300)}`);
      if (r.curl) lines.push(`       repeat   ${r.curl}`);
    }
  }
  for (const [group, list] of byGroup) {
    if (list.some((r) => r.status === 'fail')) continue;
    const passed = list.filter((r) => r.status === 'pass').length;
    const skipped = list.filter((r) => r.status === 'skip');
    lines.push(`${passed ? 'ok  ' : 'SKIP'} ${group}: ${passed} passed${skipped.length ? `, ${skipped.length} skipped (${skipped[0].detail})` : ''}`);
    if (verbose) for (const r of list) lines.push(`  ${MARK[r.status]} ${r.check}${r.detail ? `: ${r.detail}` : ''}`);
  }
  const s = summary(results);
  lines.push(
    '',
    coverageText(coverageOf(results), verbose),
    '',
    `${s.fail ? 'FAILED' : 'PASSED'}: ${s.checks} checks in ${s.groups} groups: ${s.pass} passed, ${s.fail} failed (in ${s.failedGroups} groups), ${s.skip} skipped`,
  );
  return lines.join('\n');
}

export function writeReports(dir: string, results: Result[], target: string): { json: string; junit: string } {
  mkdirSync(dir, { recursive: true });
  const json = join(dir, 'conformance.json');
  const coverage = coverageOf(results);
  writeFileSync(json, JSON.stringify({ target, summary: summary(results), coverage, results }, null, 2) + '\n');
  const junit = join(dir, 'conformance.junit.xml');
  const report = builder.newBuilder();
  const suites = new Map<string, ReturnType<typeof report.testSuite>>();
  for (const r of results) {
    let suite = suites.get(r.group);
    if (!suite) suites.set(r.group, (suite = report.testSuite().name(r.group)));
    const c = suite.testCase().className(r.group).name(r.check);
    if (r.ms !== undefined) c.time(r.ms / 1000);
    if (r.status === 'skip') c.skipped();
    if (r.status === 'fail') {
      const problems = (r.problems ?? []).map((p) => `${p.pointer || '(body)'}: ${p.message}; expected ${JSON.stringify(p.expected)}`).join('\n');
      c.failure(r.detail ?? 'failed');
      c.standardOutput(
        [r.request && `request ${r.request}`, problems, r.answer && `answer ${r.answer}`, r.curl && `repeat ${r.curl}`].filter(Boolean).join('\n'),
      );
    }
  }
  coverageSuite(report.testSuite(), coverage);
  report.writeTo(junit);
  return { json, junit };
}

/**
 * The coverage in JUnit: a suite whose properties are the figures, with a test case per
 * (operation, code) pair of the contract: passed when an answer reached it, skipped with the
 * reason when not.
 */
function coverageSuite(suite: ReturnType<ReturnType<typeof builder.newBuilder>['testSuite']>, cov: Coverage) {
  suite
    .name('coverage')
    .property('operations.ok', `${cov.operations.ok}/${cov.operations.total}`)
    .property('responses.reached', `${cov.responses.reached}/${cov.responses.total}`)
    .property('codes.reached', `${cov.codes.reached}/${cov.codes.total}`)
    .property('ownCodes.reached', `${cov.ownCodes.reached}/${cov.ownCodes.total}`);
  const why = new Map(cov.unreached.map((u) => [`${u.op}|${u.code}`, u.why]));
  for (const [op, entry] of Object.entries(cov.perOperation)) {
    for (const code of Object.keys(entry.codes)) {
      const c = suite.testCase().className(`coverage ${op}`).name(code);
      if (!entry.codes[code]) c.skipped().standardOutput(why.get(`${op}|${code}`) ?? '');
    }
  }
}
