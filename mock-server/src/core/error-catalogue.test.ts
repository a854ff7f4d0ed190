/**
 * The error catalogue holds: the mock never answers an operation with an error the operation does
 * not declare (its `x-error-codes` plus the shared rules). Every call below goes through the test
 * client, whose contract check fails on an undeclared (code, HTTP status, envelope type); the calls
 * are a seeded fuzz of every operation, built from the contract's own request examples, enums and
 * bounds and from ids the mock handed out earlier in the run, sent logged out, as the demo user and
 * as a second user, against a world with history.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../../contracts/generated/error-catalogue';
import { operationSchemas } from '../../../contracts/generated/operation-schemas';
import { operationTable, type OperationId } from '../../../contracts/generated/operations';
import { loadYaml, type JsonObject } from '../../../codegen/lib';
import { OPENAPI } from '../../../codegen/generators/paths';
import { World } from '../domain/world';
import { checkAnswer, send } from './test-client';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const ids = Object.keys(operationTable) as OperationId[];

/** Request examples of the contract, per operation: body and query values to start from. */
function contractExamples(): Record<string, Array<Record<string, unknown>>> {
  const doc = loadYaml(OPENAPI);
  const out: Record<string, Array<Record<string, unknown>>> = {};
  for (const item of Object.values(doc.paths as JsonObject)) {
    for (const op of Object.values(item as JsonObject) as JsonObject[]) {
      const list: Array<Record<string, unknown>> = [];
      const content = ((op.requestBody as JsonObject | undefined)?.content ?? {}) as JsonObject;
      for (const media of Object.values(content) as JsonObject[]) {
        for (const ex of Object.values((media.examples ?? {}) as JsonObject) as JsonObject[]) list.push(ex.value as Record<string, unknown>);
      }
      // Query examples are per parameter, paired by name (`ok`, `unknown_symbol`…): one query per name.
      const queries: Record<string, Record<string, unknown>> = {};
      for (const p of (op.parameters ?? []) as JsonObject[]) {
        if (p.in !== 'query') continue;
        for (const [name, ex] of Object.entries((p.examples ?? {}) as JsonObject)) (queries[name] ??= {})[p.name as string] = (ex as JsonObject).value;
      }
      list.push(...Object.values(queries));
      out[op.operationId as string] = list;
    }
  }
  return out;
}

type Schema = { properties?: Record<string, Schema>; enum?: unknown[]; const?: unknown; type?: string; maxLength?: number; oneOf?: Schema[] };

/** Values worth trying for a field: its enum or const, the examples' values, ids seen so far, edge cases. */
function candidates(name: string, schema: Schema | undefined, examples: unknown[], seen: Set<string>): unknown[] {
  const out: unknown[] = [...examples];
  if (schema?.enum) out.push(...schema.enum);
  if (schema?.const !== undefined) out.push(schema.const);
  if (schema?.type === 'integer' || schema?.type === 'number') out.push(0, 1, 5, 20, 1_000_000);
  if (schema?.type === 'boolean') out.push(true, false);
  out.push('', '0', '1', '0.5', '0.00000001', '100', '999999', '123456', '111111', 'true', 'false');
  out.push('BTC', 'USDT', 'ETH', 'TRC20', 'ERC20', 'BTC/USDT', 'ETH/BTC', 'TXk3LoVgYqW9m4sQ1hXc8bP7nJd2rFa5Uy', 'demo@example.com', 'Demo1234', 'New2026!x');
  if (/image|photo|voucher|qr/i.test(name)) out.push(PNG);
  out.push(...seen);
  return out;
}

function harvestIds(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) value.forEach((v) => harvestIds(v, into));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && (k === 'id' || k.endsWith('Id') || k === 'ticket' || k === 'voucher')) into.add(v);
      else harvestIds(v, into);
    }
  }
}

describe('error catalogue', () => {
  it('the contract check refuses a code the operation does not declare, and accepts a declared one', () => {
    expect(() => checkAnswer('listCoins', 200, { type: 'error', code: 'wrong_code', message: 'x' })).toThrow(/does not declare/);
    expect(() => checkAnswer('withdraw', 200, { type: 'error', code: 'no_transaction_password', message: 'x' })).toThrow(/does not declare/);
    expect(() => checkAnswer('withdraw', 401, { type: 'error', code: 'no_transaction_password', message: 'x' })).not.toThrow();
    expect(() => checkAnswer('listCoins', 200, { type: 'error', code: 'wrong_code', message: 'x' }, true)).not.toThrow();
  });

  it('every operation declares at least the shared codes, and its own in the contract', () => {
    for (const id of ids) {
      const codes = errorCatalogue[id].map((e) => e.code);
      expect(codes, id).toContain('internal');
      expect(codes, id).toContain('invalid_request');
      if (operationTable[id].auth) expect(codes, id).toContain('not_logged_in');
    }
    expect(errorCatalogue.withdraw.find((e) => e.code === 'no_transaction_password')?.status).toBe(401);
  });

  it('a seeded fuzz of every operation gets only declared answers', () => {
    // Seed 42 and the setup of the contract's examples, so that the ids in them (addresses, uploads) exist.
    const world = new World({ seed: 42, freezeClock: true });
    const examples = contractExamples();
    const seen = new Set<string>();
    const login = (account: string, password: string) => {
      const res = send(world, 'login', { body: { account, password } });
      return res.body.type === 'ok' ? (res.body.message.token as string) : undefined;
    };
    const demo = login('demo@example.com', 'Demo1234');
    send(world, 'sendCode', { body: { account: 'other@example.com', scene: 'register' } });
    send(world, 'register', {
      body: { accountType: 'email', account: 'other@example.com', code: '123456', password: 'Other2026!', confirmPassword: 'Other2026!', agree: true },
    });
    const other = login('other@example.com', 'Other2026!');
    // State for the examples to act on: a transaction password, an address, funds on the exchange
    // account, a resting order, an upload (each the operation's own `ok` example).
    send(world, 'setTransactionPassword', { token: demo, body: examples.setTransactionPassword[0] });
    send(world, 'sendCode', { body: { account: 'demo@example.com', scene: 'security' }, token: demo });
    for (const op of ['addAddress', 'uploadImage', 'transfer', 'placeOrder'] as const) {
      const res = send(world, op, { token: demo, body: examples[op][0] });
      expect(res.body.type, op).toBe('ok');
      harvestIds(res.body.message, seen);
    }
    const tokens = [undefined, demo, demo, demo, demo, other, 'no-such-token'];
    const codes = new Map<OperationId, Set<string>>();

    const request = fc.record({
      op: fc.constantFrom(...ids),
      token: fc.constantFrom(...tokens),
      picks: fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
      drop: fc.nat(8),
      advanceMs: fc.constantFrom(...Array<number>(30).fill(0), 61_000, 11 * 60_000),
    });
    fc.assert(
      fc.property(request, ({ op, token, picks, drop, advanceMs }) => {
        if (advanceMs) world.clock.advance(advanceMs);
        const schemas = operationSchemas[op];
        const make = (schema: Schema | null) => {
          if (!schema) return undefined;
          const props = schema.properties ?? Object.assign({}, ...(schema.oneOf ?? []).map((s) => s.properties ?? {}));
          const list = examples[op] ?? [];
          const out: Record<string, unknown> = { ...(list[picks[0] % Math.max(1, list.length)] ?? {}) };
          // The example as it is, or with one or two fields changed to another candidate, or dropped.
          const names = Object.keys(props);
          for (let i = 0; i < picks[1] % 3 && names.length; i++) {
            const name = names[picks[2 + i] % names.length];
            const pool = candidates(
              name,
              props[name],
              list.map((e) => e[name]).filter((v) => v !== undefined),
              seen,
            );
            if (i === 0 && drop === 0) delete out[name];
            else out[name] = pool[picks[4 + i] % pool.length];
          }
          return out;
        };
        const body = make(schemas.body as Schema | null);
        const query = make(schemas.query as Schema | null);
        // `send` checks the answer against the contract and the operation's error catalogue.
        const res = send(world, op, { token, body, query: Object.fromEntries(Object.entries(query ?? {}).map(([k, v]) => [k, String(v)])) });
        if (res.body.type === 'ok') harvestIds(res.body.message, seen);
        else {
          const set = codes.get(op) ?? new Set<string>();
          set.add(res.body.code!);
          codes.set(op, set);
        }
      }),
      { seed: 2026, numRuns: 2500 },
    );
    // The fuzz reaches past validation and authentication into the operations' own checks (the
    // paired examples, replayed one by one in contract-examples.test.ts, reach every named outcome).
    const domainCodes = [...codes.values()].flatMap((s) => [...s]).filter((c) => !['invalid_request', 'not_logged_in', 'amount_invalid'].includes(c));
    expect(new Set(domainCodes).size).toBeGreaterThanOrEqual(15);
  });
});
