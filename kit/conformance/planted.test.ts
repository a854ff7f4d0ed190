/**
 * The kit catches the bugs a server's team is most likely to ship (issue #38): each is planted in
 * this project's mock (which passes the whole run in `npm test`) and must fail the run.
 * Decimals printed without their scale: scale.test.ts; private events and snapshots: realtime.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runConformance } from './runner';
import type { Result } from './results';
import { startMock, stopMocks, type MockServer } from './test-mock';

afterEach(stopMocks);

/** A running mock with its control API, bent by `plant` (fastify hooks) before it listens: the kit's options for it. */
const mock = async (plant: (s: MockServer) => void) => (await startMock(plant)).options;

const run = async (target: Awaited<ReturnType<typeof mock>>, only: string[]) => runConformance({ ...target, only, skip: ['realtime', 'flows'], listenMs: 0 });
const failed = (results: Result[], group: string) => results.filter((r) => r.group === group && r.status === 'fail');

describe('planted bugs the kit catches', () => {
  it('a server that accepts unknown body fields from logged-in callers only', async () => {
    const target = await mock((s) =>
      s.app.addHook('preHandler', async (req) => {
        const body = req.body as Record<string, unknown> | undefined;
        if (req.headers.authorization && body && typeof body === 'object') delete body.unexpectedField;
      }),
    );
    const results = await run(target, ['transfer', 'sendCode']);
    // The invalid phase's extra field, and the generated requests (which add one now and then).
    expect(failed(results, 'transfer').map((r) => r.check)).toEqual([
      'generated: 12 requests drawn from the schemas (seed 42)',
      'invalid: an extra body field',
    ]);
    // A public operation is sent both ways: only the logged-in request gets through.
    expect(failed(results, 'sendCode').map((r) => r.check)).toEqual(['invalid: an extra body field (logged in)']);
    expect(failed(results, 'sendCode')[0].detail).toMatch(/an invalid request was accepted/);
  });

  it('a changing operation other than placeOrder that ignores Idempotency-Key', async () => {
    const target = await mock((s) =>
      s.app.addHook('onRequest', async (req) => {
        if (req.url.startsWith('/api/me/transfers')) delete req.headers['idempotency-key'];
      }),
    );
    const results = await run(target, ['transfer']);
    const checks = failed(results, 'transfer').map((r) => r.check);
    expect(checks.some((c) => c.startsWith('case idempotency_key_reused: an Idempotency-Key already used with another request'))).toBe(true);
    expect(checks.some((c) => /the same Idempotency-Key gets the first answer again/.test(c))).toBe(true);
    expect(failed(results, 'transfer').find((r) => /first answer again/.test(r.check))?.detail).toMatch(/acted again/);
  });

  it('a list answered in another order than its x-order', async () => {
    const target = await mock((s) =>
      s.app.addHook('onSend', async (req, _reply, payload) => {
        if (typeof payload !== 'string' || !/^\/api\/news(\?|$)/.test(req.url)) return payload;
        const body = JSON.parse(payload);
        if (body.type === 'ok') body.message.items.reverse();
        return JSON.stringify(body);
      }),
    );
    const results = await run(target, ['listNews']);
    const problem = failed(results, 'listNews').flatMap((r) => r.problems ?? [])[0];
    expect(problem).toMatchObject({ kind: 'order', pointer: expect.stringMatching(/^\/message\/items\/\d+\/time$/) });
    expect(problem.message).toMatch(/not newest first by time/);
  });

  it('a server that fails on a long amount: the generated requests find it and shrink it to the shortest', async () => {
    const target = await mock((s) =>
      s.app.addHook('preHandler', async (req, reply) => {
        const amount = (req.body as { amount?: unknown } | undefined)?.amount;
        if (req.url.startsWith('/api/me/transfers') && typeof amount === 'string' && amount.length > 8)
          return reply.code(500).send({ type: 'error', code: 'internal', message: 'Internal server error' });
      }),
    );
    const results = await runConformance({ ...target, only: ['transfer'], skip: ['realtime', 'flows', 'examples', 'cases', 'invalid'], listenMs: 0 });
    const [found] = failed(results, 'transfer');
    expect(found.check).toMatch(/^generated: /);
    expect(found.detail).toMatch(/the server failed \(HTTP 500 internal\); the smallest failing request after \d+ shrinks \(fast-check seed 42/);
    const body = JSON.parse(found.request!.replace(/^POST \/me\/transfers /, ''));
    expect(body.amount).toHaveLength(9);
  });

  it('the unplanted mock passes the same selections', async () => {
    const target = await mock(() => {});
    const results = await run(target, ['transfer', 'sendCode', 'listNews']);
    expect(results.filter((r) => r.status === 'fail')).toEqual([]);
  });
});
