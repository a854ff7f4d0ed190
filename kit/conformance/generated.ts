/**
 * The generated phase: requests drawn from each operation's schemas with fast-check, some the
 * schemas accept and some they refuse (a field left out, of another type, over its bounds, an
 * extra field). The property: a request the schemas accept gets an answer within the contract
 * and is not refused as invalid; one they refuse gets HTTP 400, 413 or 415. A failure is shrunk
 * to the smallest request that still fails, and reported with the seed that repeats the run.
 */
import fc from 'fast-check';
import { errorCatalogue } from '../../contracts/generated/error-catalogue.ts';
import { operationSchemas } from '../../contracts/generated/operation-schemas.ts';
import { operationTable, type OperationId } from '../../contracts/generated/operations.ts';
import { outcome, problemsOf } from './checks.ts';
import type { Context } from './context.ts';
import type { CallInput, Exchange } from './http.ts';
import { coerceQuery, typesOf, validator, type Schema } from './schema.ts';

/** Requests per operation (the run is repeatable: --seed, default 42). */
export const RUNS = 12;

/** Codes of guessable secrets: random requests would spend the client's attempts (see Guessable secrets). */
const SECRETS = new Set(['too_many_attempts', 'wrong_code', 'wrong_credentials', 'wrong_old_password', 'wrong_transaction_password']);

/** Values of one field: mostly what its schema allows, sometimes just outside it. */
function valueOf(s: Schema): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.oneof({ arbitrary: fc.constantFrom(...s.enum), weight: 5 }, { arbitrary: fc.constant('not_in_the_enum'), weight: 1 });
  const types = typesOf(s);
  if (types.includes('boolean')) return fc.boolean();
  if (types.includes('integer') || types.includes('number')) {
    const min = s.minimum ?? -1_000_000;
    const max = s.maximum ?? 1_000_000;
    return fc.integer({ min: Math.max(min - 1, Number.MIN_SAFE_INTEGER), max: Math.min(max + 1, Number.MAX_SAFE_INTEGER) });
  }
  const maxLength = Math.min(s.maxLength ?? 60, 60);
  const text = s.pattern
    ? fc.stringMatching(new RegExp(s.pattern), { size: 'small' })
    : fc.string({ unit: 'grapheme', minLength: s.minLength ?? 0, maxLength: Math.max(maxLength, s.minLength ?? 0) });
  return fc.oneof({ arbitrary: text, weight: 8 }, { arbitrary: fc.string({ maxLength: 3 }), weight: 1 }, { arbitrary: fc.integer(), weight: 1 });
}

/** An object of the schema's properties: required ones mostly present, optional ones sometimes, now and then an extra one. */
function objectOf(s: Schema): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  const fields = props.map(([k, p]) =>
    fc.option(
      valueOf(p).map((v) => [k, v] as const),
      { freq: required.has(k) ? 12 : 2, nil: undefined },
    ),
  );
  const extra = fc.option(fc.constant(['unexpectedField', 1] as const), { freq: 10, nil: undefined });
  return fc.tuple(...fields, extra).map((entries) => Object.fromEntries(entries.filter((e): e is readonly [string, unknown] => e !== undefined)));
}

/** The operations the phase draws requests for, or why not. */
function eligible(op: OperationId): string | undefined {
  const s = operationSchemas[op];
  if (!s.body && !(s.query as Schema | null)?.properties) return 'takes no input';
  if (errorCatalogue[op].some((e) => SECRETS.has(e.code))) return 'checks a guessable secret: random requests would spend the attempts a client has';
  return undefined;
}

/** What is wrong with the answer to a request: undefined when it holds. */
function complaint(op: OperationId, input: CallInput, ex: Exchange): string | undefined {
  const s = operationSchemas[op];
  const acceptedBySchema =
    (!s.body || validator(s.body as object)(input.body)) && (!s.query || validator(s.query as object)(coerceQuery(input.query ?? {}, s.query as never)));
  const problems = problemsOf(op, ex);
  if (problems.length) return `the answer breaks the contract: ${problems[0].pointer || '(body)'} ${problems[0].message}`;
  if (ex.status >= 500) return `the server failed (HTTP ${ex.status} ${outcome(ex)})`;
  if (acceptedBySchema && [400, 413, 415].includes(ex.status) && outcome(ex) === 'invalid_request')
    return `a request the schemas accept was refused as invalid (HTTP ${ex.status} ${outcome(ex)})`;
  if (!acceptedBySchema && ![400, 413, 415].includes(ex.status)) return `a request the schemas refuse got HTTP ${ex.status} ${outcome(ex)}`;
  return undefined;
}

export async function generatedPhase(ctx: Context, seed = 42): Promise<void> {
  for (const op of Object.keys(operationTable) as OperationId[]) {
    if (!ctx.selected(op, 'generated')) continue;
    const check = `generated: ${RUNS} requests drawn from the schemas (seed ${seed})`;
    const why = eligible(op);
    if (why) {
      ctx.skip(op, check, why);
      continue;
    }
    let token: string | undefined;
    if (operationTable[op].auth) {
      const user = await ctx.freshUser();
      if (!user.token) {
        ctx.skip(op, check, `needs a fresh user: ${user.why}`);
        continue;
      }
      token = user.token;
    }
    const s = operationSchemas[op];
    const request = fc.record({
      body: s.body ? objectOf(s.body as Schema) : fc.constant(undefined),
      query: (s.query as Schema | null)?.properties
        ? objectOf(s.query as Schema).map((q) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])))
        : fc.constant({}),
    });
    const send = (r: { body?: unknown; query: Record<string, string> }): CallInput => ({ body: r.body, query: r.query, token });
    const run = await fc.check(
      fc.asyncProperty(request, async (r) => {
        const input = send(r);
        return complaint(op, input, await ctx.send(op, input)) === undefined;
      }),
      { numRuns: RUNS, seed, endOnFailure: false },
    );
    if (!run.failed || !run.counterexample) {
      ctx.results.add({ group: op, check, status: 'pass', detail: `${run.numRuns} requests, each answered as the contract says` });
      continue;
    }
    const input = send(run.counterexample[0]);
    const shrunk = `the smallest failing request after ${run.numShrinks} shrinks (fast-check seed ${run.seed}, path ${run.counterexamplePath})`;
    await ctx.check(op, check, op, input, (ex) => {
      const wrong = complaint(op, input, ex);
      return wrong && `${wrong}; ${shrunk}`;
    });
  }
}
