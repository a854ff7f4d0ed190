/**
 * Cases every operation of a kind has, made from the contract: a server failure answers
 * `internal` (a fault injected with the mock's control API), and a changing operation's
 * Idempotency-Key sent again with another request answers `idempotency_key_reused` (made from the
 * operation's `ok` case).
 */
import { randomUUID } from 'node:crypto';
import { contractExamples } from '../../../codegen/examples.ts';
import { operationSchemas } from '../../../contracts/generated/operation-schemas.ts';
import { operationTable, type OperationId } from '../../../contracts/generated/operations.ts';
import { errorCatalogue } from '../../../contracts/generated/error-catalogue.ts';
import { outcome } from '../checks.ts';
import { takesIdempotencyKey } from '../context.ts';
import { asUser } from '../rest.ts';
import { validator, type Schema } from '../schema.ts';
import { SetupFailed, type Case, type Setup } from './case.ts';

const examples = new Map(contractExamples().map((o) => [o.op, o]));

/** The operation's `ok` example as the case's user sends it. */
function okRequest(op: OperationId, s: Setup) {
  const ok = examples.get(op)?.pairs.find((p) => p.name === 'ok')?.request ?? { query: {} };
  return asUser(ok, s.user, op);
}

/**
 * Another request the schema still accepts: a decimal one step up in its last digit, a boolean
 * flipped, a free text one letter longer, or an optional free text added. Undefined when there is none.
 */
function variantOf(op: OperationId, body: unknown): Record<string, unknown> | undefined {
  const schema = operationSchemas[op].body as Schema | null;
  if (!schema?.properties || !body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const [decimals, flags, texts]: Array<Array<Record<string, unknown>>> = [[], [], []];
  for (const [k, v] of Object.entries(b)) {
    const p = schema.properties[k] ?? {};
    if (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v)) decimals.push({ ...b, [k]: v.replace(/\d$/, (d) => (d === '9' ? '8' : String(Number(d) + 1))) });
    else if (typeof v === 'boolean') flags.push({ ...b, [k]: !v });
    else if (typeof v === 'string' && !p.enum && !p.pattern && !p.format && (p.maxLength ?? 100) > v.length + 1) texts.push({ ...b, [k]: `${v}x` });
  }
  // Else an optional free text the request left out.
  for (const [k, p] of Object.entries(schema.properties)) {
    if (!(k in b) && p.type === 'string' && !p.enum && !p.pattern && !p.format) texts.push({ ...b, [k]: 'Conformance' });
  }
  return [...decimals, ...flags, ...texts].find((t) => validator(schema)(t));
}

export const internalCases: Case[] = (Object.keys(operationTable) as OperationId[])
  .filter((op) => errorCatalogue[op].some((e) => e.code === 'internal'))
  .map((op) => ({
    op,
    expect: 'internal',
    what: 'the server fails (a fault injected with the control API)',
    needs: ['control'],
    async request(s) {
      await s.fault(op, 'http500');
      const { body, query } = okRequest(op, s);
      return { body, query };
    },
  }));

/**
 * For each changing operation, from its `ok` case: the same state and request sent with a key,
 * then another request the schema accepts with the same key, which must answer
 * `idempotency_key_reused`.
 */
export function reusedKeyCases(cases: Case[]): Case[] {
  const ok = new Map(cases.filter((c) => c.expect === 'ok').map((c) => [c.op, c]));
  return [...ok.values()]
    .filter((c) => takesIdempotencyKey(c.op) && errorCatalogue[c.op].some((e) => e.code === 'idempotency_key_reused'))
    .map((c) => ({
      op: c.op,
      expect: 'idempotency_key_reused',
      what: `an Idempotency-Key already used with another request (after: ${c.what})`,
      needs: c.needs,
      async request(s) {
        const input = await c.request(s);
        if (!operationSchemas[c.op].body && !operationSchemas[c.op].query)
          throw new SetupFailed('the operation takes no input: every request with a key is the same request, so a key never comes with another', true);
        const variant = variantOf(c.op, input.body);
        if (!variant) throw new SetupFailed('the request has no field that can differ and stay valid', true);
        const key = randomUUID();
        const first = await s.send(c.op, { ...input, idempotencyKey: key });
        // Only answers the operation itself gave are kept (HTTP 200, type ok or error).
        const type = (first.body as { type?: string } | undefined)?.type;
        if (first.status !== 200 || (type !== 'ok' && type !== 'error'))
          throw new SetupFailed(`the first request was refused before it ran (HTTP ${first.status} ${outcome(first)}), so its key is not kept`);
        return { ...input, body: variant, idempotencyKey: key };
      },
    }));
}
