/**
 * The REST phases: every paired example of the contract sent as it is (the answer must conform;
 * its outcome may differ from the example's when the server's state does), and requests derived
 * from the schemas that break them, which must be refused with a 400/413/415 and a declared code.
 */
import { randomUUID } from 'node:crypto';
import { contractExamples, type ExamplePair, type ExampleRequest } from '../../codegen/examples.ts';
import { operationSchemas } from '../../contracts/generated/operation-schemas.ts';
import { operationTable, type OperationId } from '../../contracts/generated/operations.ts';
import { outcome } from './checks.ts';
import type { Context, User } from './context.ts';
import type { Exchange } from './http.ts';
import { coerceQuery, typesOf, validator, type Schema } from './schema.ts';

/** The account and password the contract's examples are written for (the mock's demo user). */
const DEMO = { account: 'demo@example.com', password: 'Demo1234' };

/** Whether an operation changes state (every change takes an Idempotency-Key; login and the codes count failures). */
const changes = (op: OperationId) => operationTable[op].method !== 'get';

/**
 * The example's request as a fresh user sends it: the demo's account and password are the fresh
 * user's, and an account the example registers is a new one, so that a second run finds the
 * server as the first did.
 */
export function asUser(request: ExampleRequest, user: User, op: OperationId): ExampleRequest {
  const swap = (v: unknown, key?: string): unknown => {
    if (Array.isArray(v)) return v.map((x) => swap(x));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x, k)]));
    if (v === DEMO.account) return user.account;
    if (v === DEMO.password) return user.password;
    if (key === 'account' && typeof v === 'string' && v.includes('@') && (op === 'register' || op === 'sendCode'))
      return `new-${randomUUID().slice(0, 12)}@example.com`;
    return v;
  };
  return { body: swap(request.body), query: swap(request.query) as Record<string, string> };
}

/**
 * Every paired example of the contract, sent as written. Reads go as the run's own session.
 * Changes go as a fresh user each (registered for the run), so that the run's account and the
 * server's data are as they were (a password change, a wrong password that counts towards a
 * lock, an order left open); without fresh users they are skipped, with what they need.
 */
export async function examplesPhase(ctx: Context): Promise<void> {
  const operations = contractExamples().filter((o) => ctx.selected(o.op, 'examples'));
  for (const { op, pairs } of operations) {
    for (const pair of pairs) {
      const loggedOut = pair.name === 'not_logged_in';
      const check = `example ${pair.name}`;
      let request = pair.request ?? { query: {} };
      let token: string | undefined;
      if (changes(op)) {
        const user = await ctx.freshUser();
        if (!user.token) {
          ctx.skip(op, check, `a change, sent only as a fresh user so that the run leaves no trace: ${user.why}`, { op, outcome: pair.name });
          continue;
        }
        request = asUser(request, user, op);
        token = user.token;
      } else if (!loggedOut && operationTable[op].auth) {
        const session = await ctx.session();
        if (!session.token) {
          ctx.skip(op, check, `no session: ${session.why}`, { op, outcome: pair.name });
          continue;
        }
        token = session.token;
      }
      await ctx.check(
        op,
        check,
        op,
        { body: request.body, query: request.query, token: loggedOut ? undefined : token },
        (answer) => expectation(pair, answer),
        (answer) => exampleDetail(pair, answer),
      );
    }
  }
}

const body = (ex: { body: unknown }) => ex.body as { type?: string; code?: string } | undefined;

/** What must hold beyond the contract: a request without a session is refused as not logged in. */
function expectation(pair: ExamplePair, answer: Exchange): string | undefined {
  if (pair.name === 'not_logged_in' && body(answer)?.type !== '999')
    return `without a session the answer must be type 999 (example not_logged_in), got ${outcome(answer)}`;
  return undefined;
}

/** For a pass: the outcome, and whether it is the example's (it may differ when the server's state does). */
function exampleDetail(pair: ExamplePair, answer: Exchange): string {
  const got = outcome(answer);
  if (got === pair.name) return `HTTP ${answer.status} ${got}, as the example`;
  return `HTTP ${answer.status} ${got}; the example shows ${pair.name}, which needs: ${pair.summary ?? 'its setup'}`;
}

// -----------------------------------------------------------------------------------------------
// Invalid requests, derived from the schemas
// -----------------------------------------------------------------------------------------------

/** The body size limit of an operation without `x-max-body-bytes` (the Errors section). */
const DEFAULT_MAX_BODY = 1024 * 1024;

interface Mutation {
  what: string;
  /** Refused by the contract's rules though no schema says so (kept without checking it against the schema). */
  always?: boolean;
  /** Over the size limit: a server may answer 413 and close the connection before the body is sent whole. */
  oversized?: boolean;
  body?: unknown;
  query?: Record<string, string>;
  raw?: { text: string; contentType: string };
}

/** A value of a type the schema does not allow (undefined when it allows every type we try). */
function wrongTyped(s: Schema): unknown {
  const types = typesOf(s);
  if (!types.length) return undefined;
  const candidates: Array<[string, unknown]> = [
    ['object', { nested: true }],
    ['array', [1, 2]],
    ['boolean', true],
    ['number', 12345.5],
    ['string', 'not-a-number'],
  ];
  for (const [type, value] of candidates) {
    if (types.includes(type) || (type === 'number' && types.includes('integer'))) continue;
    return value;
  }
  return undefined;
}

/** The requests that break the operation's schemas, each checked against the schema itself first. */
function mutations(id: OperationId, okBody: Record<string, unknown> | undefined, okQuery: Record<string, string>): Mutation[] {
  const schemas = operationSchemas[id];
  const out: Mutation[] = [];
  const bodySchema = schemas.body as Schema | null;
  if (bodySchema && (bodySchema.properties || bodySchema.type === 'object')) {
    const base = okBody ?? {};
    const props = Object.entries(bodySchema.properties ?? {});
    for (const field of bodySchema.required ?? []) {
      if (field in base) out.push({ what: `missing required body field ${field}`, body: omit(base, field) });
    }
    let typed = 0;
    for (const [field, s] of props) {
      const value = wrongTyped(s);
      if (value === undefined || typed >= 3) continue;
      typed++;
      out.push({ what: `body field ${field} of the wrong type (${JSON.stringify(value)})`, body: { ...base, [field]: value } });
    }
    for (const [field, s] of props.filter(([, s]) => typeof s.maxLength === 'number').slice(0, 3)) {
      out.push({ what: `body field ${field} over its maxLength ${s.maxLength}`, body: { ...base, [field]: 'a'.repeat(s.maxLength! + 1) } });
    }
    for (const [field, s] of props) {
      const max = s.maximum ?? s.exclusiveMaximum;
      const min = s.minimum ?? s.exclusiveMinimum;
      if (typeof max === 'number') out.push({ what: `body field ${field} above its maximum ${max}`, body: { ...base, [field]: max + 1 } });
      if (typeof min === 'number') out.push({ what: `body field ${field} below its minimum ${min}`, body: { ...base, [field]: min - 1 } });
      if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === 'string')) {
        out.push({ what: `body field ${field} outside its enum`, body: { ...base, [field]: 'not_in_the_enum' } });
      }
    }
    if (bodySchema.additionalProperties === false) out.push({ what: 'an extra body field', body: { ...base, unexpectedField: 1 } });
    for (const [field, s] of props.filter(([f, x]) => typeof x.pattern === 'string' && typeof base[f] === 'string').slice(0, 2)) {
      out.push({ what: `body field ${field} not of its pattern ${s.pattern}`, body: { ...base, [field]: '-1e5' } });
    }
  }
  // Every operation but GET reads a body, one it defines or not (the Errors section).
  if (operationTable[id].method !== 'get') {
    const base = okBody ?? {};
    out.push({ what: 'a text/plain body', raw: { text: JSON.stringify(base), contentType: 'text/plain' } });
    out.push({ what: 'a malformed JSON body', raw: { text: '{"unterminated": ', contentType: 'application/json' } });
    const limit = (operationTable[id] as { maxBodyBytes?: number }).maxBodyBytes ?? DEFAULT_MAX_BODY;
    out.push({
      what: `a body over the size limit (${limit} bytes)`,
      raw: { text: JSON.stringify({ ...base, pad: 'a'.repeat(limit) }), contentType: 'application/json' },
      oversized: true,
    });
  }
  // The Errors section: a query parameter the operation does not define is invalid_request.
  out.push({ what: 'a query parameter the operation does not define', query: { ...okQuery, undefinedParameter: '1' }, always: true });
  const querySchema = schemas.query as Schema | null;
  if (querySchema?.properties) {
    for (const field of querySchema.required ?? []) {
      if (field in okQuery) out.push({ what: `missing required query parameter ${field}`, query: omit(okQuery, field) as Record<string, string> });
    }
    for (const [field, s] of Object.entries(querySchema.properties)) {
      if (Array.isArray(s.enum)) out.push({ what: `query parameter ${field} outside its enum`, query: { ...okQuery, [field]: 'not_in_the_enum' } });
      const max = s.maximum ?? s.exclusiveMaximum;
      if (typeof max === 'number') out.push({ what: `query parameter ${field} above its maximum ${max}`, query: { ...okQuery, [field]: String(max + 1) } });
      if (typeof s.maxLength === 'number')
        out.push({ what: `query parameter ${field} over its maxLength ${s.maxLength}`, query: { ...okQuery, [field]: 'a'.repeat(s.maxLength + 1) } });
    }
  }
  // Only requests the contract itself refuses: a mutation the schema still accepts is no test.
  return out.filter((m) => {
    if (m.raw || m.always) return true;
    if (m.query) return !validator(querySchema!)(coerceQuery(m.query, querySchema!));
    return !validator(bodySchema!)(m.body);
  });
}

const omit = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

/**
 * Requests that break the schemas, sent as a client would: with the run's session (an operation
 * that needs one gets it, and a server must not validate only anonymous callers), and public
 * operations also without one.
 */
export async function invalidPhase(ctx: Context): Promise<void> {
  const session = await ctx.session();
  for (const o of contractExamples()) {
    if (!ctx.selected(o.op, 'invalid')) continue;
    const ok = o.pairs.find((p) => p.name === 'ok')?.request;
    const auth = operationTable[o.op].auth;
    for (const m of mutations(o.op, ok?.body, ok?.query ?? {})) {
      const input = m.raw ? { raw: m.raw, query: ok?.query } : m.query ? { query: m.query } : { body: m.body, query: ok?.query };
      const tokens = auth ? [session.token] : session.token ? [undefined, session.token] : [undefined];
      for (const token of tokens) {
        const check = `invalid: ${m.what}${auth ? '' : token ? ' (logged in)' : ' (anonymous)'}`;
        if (auth && !token) {
          ctx.skip(o.op, check, `no session: ${session.why}`);
          continue;
        }
        const request = { ...input, token };
        let ex = await ctx.send(o.op, request);
        // A server that answers 413 at once and closes may cut the upload off before its answer is read: tried again, then a refusal.
        for (let again = 0; m.oversized && again < 2 && closedEarly(ex); again++) ex = await ctx.send(o.op, request);
        if (m.oversized && closedEarly(ex)) {
          ctx.results.add({
            group: o.op,
            check,
            status: 'pass',
            detail: `refused: the server closed the connection before the body was sent whole (${ex.error})`,
          });
          continue;
        }
        await ctx.judge(o.op, check, o.op, request, ex, (answer) => {
          const b = answer.body as { type?: string } | undefined;
          if (b?.type === 'ok') return `an invalid request was accepted (HTTP ${answer.status} ok): ${m.what}`;
          if (![400, 413, 415].includes(answer.status)) return `an invalid request must get HTTP 400, 413 or 415, got ${answer.status} (${outcome(answer)})`;
          return undefined;
        });
      }
    }
  }
}

/** The connection closed while the request was being sent (the server refused to read on). */
const closedEarly = (ex: Exchange) => ex.status === 0 && /EPIPE|ECONNRESET|UND_ERR_SOCKET|other side closed/.test(ex.error ?? '');
