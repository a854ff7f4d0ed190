/**
 * What a run exercised, measured against what the contract declares: which operations answered
 * ok, which declared HTTP responses and which (operation, error code) pairs of the error
 * catalogue were seen in an answer that conformed. Each pair not reached says why: that no request
 * can reach it (`UNREACHABLE` of the cases), the reason of the check that would have reached it
 * and was skipped, or that no check aims at it.
 */
import type { JsonObject } from '../../codegen/lib.ts';
import { errorCatalogue } from '../../contracts/generated/error-catalogue.ts';
import type { OperationId } from '../../contracts/generated/operations.ts';
import { UNREACHABLE } from './cases/index.ts';
import { contractOperations } from './contract.ts';
import type { Result } from './results.ts';

/** Each operation's declared HTTP statuses, from the contract. */
const declaredStatuses: Record<string, number[]> = Object.fromEntries(
  contractOperations.map(([id, o]) => [id, Object.keys((o.responses as JsonObject) ?? {}).map(Number)]),
);

export interface Unreached {
  op: string;
  code: string;
  why: string;
}

export interface Coverage {
  operations: { total: number; ok: number };
  responses: { total: number; reached: number };
  codes: { total: number; reached: number };
  /** The operations' own codes (`x-error-codes`), without the shared rules' (invalid_request, internal…). */
  ownCodes: { total: number; reached: number };
  perOperation: Record<string, { ok: boolean; responses: Record<string, boolean>; codes: Record<string, boolean> }>;
  unreached: Unreached[];
}

const NO_CHECK = 'no check of the kit aims at it yet';

export function coverageOf(
  results: Result[],
  unreachable: Record<string, string> = UNREACHABLE,
  operations: OperationId[] = Object.keys(errorCatalogue) as OperationId[],
): Coverage {
  const seen = new Map<string, Set<string>>();
  const why = new Map<string, string>(Object.entries(unreachable).map(([pair, reason]) => [pair.replace('/', '|'), `unreachable: ${reason}`]));
  for (const r of results) {
    if (!r.op || !r.outcome) continue;
    if (r.status === 'skip') {
      if (!why.has(`${r.op}|${r.outcome}`)) why.set(`${r.op}|${r.outcome}`, r.detail ?? 'skipped');
      continue;
    }
    if (r.status !== 'pass' && r.problems?.length) continue;
    const s = seen.get(r.op) ?? seen.set(r.op, new Set()).get(r.op)!;
    s.add(r.outcome);
    if (r.httpStatus !== undefined) s.add(`HTTP ${r.httpStatus}`);
  }
  const cov: Coverage = {
    operations: { total: 0, ok: 0 },
    responses: { total: 0, reached: 0 },
    codes: { total: 0, reached: 0 },
    ownCodes: { total: 0, reached: 0 },
    perOperation: {},
    unreached: [],
  };
  for (const op of operations) {
    const s = seen.get(op) ?? new Set<string>();
    const entry = { ok: s.has('ok'), responses: {} as Record<string, boolean>, codes: {} as Record<string, boolean> };
    cov.operations.total++;
    if (entry.ok) cov.operations.ok++;
    for (const status of declaredStatuses[op] ?? []) {
      entry.responses[status] = s.has(`HTTP ${status}`);
      cov.responses.total++;
      if (entry.responses[status]) cov.responses.reached++;
    }
    for (const e of errorCatalogue[op] ?? []) {
      if (e.code in entry.codes) continue;
      const reached = s.has(e.code);
      entry.codes[e.code] = reached;
      cov.codes.total++;
      if (reached) cov.codes.reached++;
      if (!e.shared) {
        cov.ownCodes.total++;
        if (reached) cov.ownCodes.reached++;
      }
      if (!reached) cov.unreached.push({ op, code: e.code, why: why.get(`${op}|${e.code}`) ?? NO_CHECK });
    }
    cov.perOperation[op] = entry;
  }
  return cov;
}

const ratio = (n: number, total: number) => `${n} of ${total} (${total ? ((100 * n) / total).toFixed(1) : '100.0'} %)`;

/** The coverage as text: the figures, then every pair not reached, grouped by why. */
export function coverageText(cov: Coverage, verbose = false): string {
  const lines = [
    'Coverage of the contract:',
    `  operations answered ok                 ${ratio(cov.operations.ok, cov.operations.total)}`,
    `  declared responses (operation, status) ${ratio(cov.responses.reached, cov.responses.total)}`,
    `  (operation, error code) pairs          ${ratio(cov.codes.reached, cov.codes.total)}`,
    `    of them the operations' own codes    ${ratio(cov.ownCodes.reached, cov.ownCodes.total)}`,
  ];
  const notOk = Object.entries(cov.perOperation)
    .filter(([, e]) => !e.ok)
    .map(([op]) => op);
  if (notOk.length) lines.push(`  never answered ok: ${notOk.join(', ')}`);
  const byWhy = new Map<string, Unreached[]>();
  for (const u of cov.unreached) byWhy.set(u.why, [...(byWhy.get(u.why) ?? []), u]);
  if (byWhy.size) lines.push(`  not reached, by why (${cov.unreached.length}):`);
  for (const [reason, list] of [...byWhy].sort((a, b) => b[1].length - a[1].length)) {
    const pairs = list.map((u) => `${u.op}/${u.code}`);
    const shown = verbose || pairs.length <= 8 ? pairs : [...pairs.slice(0, 8), `… ${pairs.length - 8} more (--verbose, or conformance.json)`];
    lines.push(`    ${list.length} × ${reason}`, `      ${shown.join(', ')}`);
  }
  return lines.join('\n');
}
