/**
 * The cases phase: every case of `cases/index.ts` as a fresh user. A case's outcome must be the
 * one it expects; an `ok` of a changing operation is then sent again with the same
 * Idempotency-Key and must get the first answer again, without acting again.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { outcome } from '../checks.ts';
import { takesIdempotencyKey, type Context } from '../context.ts';
import type { Exchange } from '../http.ts';
import { Setup, SetupFailed, type Case } from './case.ts';
import { ALL_CASES } from './index.ts';

/** The answer's body without what may differ between a first answer and its replay: nothing. */
const same = (a: Exchange, b: Exchange) => a.status === b.status && isDeepStrictEqual(a.body, b.body);

export async function casesPhase(ctx: Context, cases: Case[] = ALL_CASES): Promise<void> {
  for (const c of cases) {
    if (!ctx.selected(c.op, 'cases')) continue;
    const check = `case ${c.expect}: ${c.what}`;
    const skip = (why: string) => ctx.skip(c.op, check, why, { op: c.op, outcome: c.expect });
    if (c.needs?.includes('control') && !ctx.options.control) {
      skip('needs the mock control API (time passing or a fault injected): give --control URL, as --mock does');
      continue;
    }
    const user = await ctx.freshUser();
    if (!user.token) {
      skip(`needs a fresh user: ${user.why}`);
      continue;
    }
    const s = new Setup(ctx, user as Setup['user']);
    try {
      await runCase(ctx, c, s, check, skip);
    } finally {
      await c.cleanup?.(s).catch((e: Error) => ctx.fail(c.op, `${check}: putting back what it changed`, e.message));
    }
  }
}

/** One case as its fresh user: the setup, the request and its outcome, what holds after, and the repeat with its key. */
async function runCase(ctx: Context, c: Case, s: Setup, check: string, skip: (why: string) => void): Promise<void> {
  let input;
  try {
    input = { token: s.user.token, ...(await c.request(s)) };
  } catch (e) {
    if (!(e instanceof SetupFailed)) throw e;
    if (e.skip) skip(e.message);
    else ctx.fail(c.op, check, `the setup failed: ${e.message}`);
    return;
  }
  if (takesIdempotencyKey(c.op) && input.idempotencyKey === undefined) input.idempotencyKey = randomUUID();
  const { ex, passed } = await ctx.check(c.op, check, c.op, input, (answer) => {
    const got = outcome(answer);
    return got === c.expect ? undefined : `expected ${c.expect}, got HTTP ${answer.status} ${got}`;
  });
  if (!passed) return;
  if (c.then) {
    const after = await c.then(s, ex).catch((e: Error) => `the check after failed: ${e.message}`);
    if (after) ctx.fail(c.op, `${check}: afterwards`, after);
  }
  if (c.expect === 'ok' && takesIdempotencyKey(c.op)) {
    await ctx.check(c.op, `${check}: the same Idempotency-Key gets the first answer again`, c.op, input, (again) =>
      same(ex, again)
        ? undefined
        : `a repeat with the same key answered differently (it acted again?): first ${ex.text.slice(0, 200)}, then ${again.text.slice(0, 200)}`,
    );
  }
}
