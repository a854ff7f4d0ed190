/**
 * The runner catches decimals printed without their scale: a server that drops trailing zeros
 * (`1200.5` where the field's `x-scale` asks for the coin's 6 decimals, an order price `100.0`
 * where the symbol's `pricePrecision` is 2) fails, with the JSON pointer and the scale expected.
 * The faults are planted in this project's mock, which passes as it is.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { textReport } from './report';
import { runConformance } from './runner';
import { rewriteAnswers, startMock, stopMocks, type MockServer } from './test-mock';

let server: MockServer | undefined;
afterEach(stopMocks);

/** A mock whose ok answers pass through `plant` (method and path, message) before they are sent: the kit's options for it. */
async function plantedMock(plant: (route: string, message: any) => void) {
  const started = await startMock(
    rewriteAnswers((route, body) => {
      if (body.type === 'ok') plant(route.split('?')[0], body.message);
      return body;
    }),
  );
  server = started.server;
  return started.options;
}

/** The spot order flow's operations and the flow itself (which places an order as the run's account). */
const only = ['login', 'getWallet', 'transfer', 'listTickers', 'placeOrder', 'listOrders', 'cancelOrder', 'flows'];

describe('the conformance runner checks every Decimal against its x-scale', () => {
  it('passes the mock as it is', async () => {
    const target = await plantedMock(() => {});
    const results = await runConformance({ ...target, only, skip: ['cases', 'generated'], listenMs: 0 });
    expect(results.filter((r) => r.status === 'fail')).toEqual([]);
    expect(results.some((r) => r.group === 'getWallet' && r.check === 'example ok' && r.status === 'pass')).toBe(true);
  });

  it('reports a balance printed without its trailing zeros, with the pointer and the scale expected', async () => {
    const target = await plantedMock((route, message) => {
      if (route !== 'GET /api/me/wallet') return;
      const usdt = message.accounts[0].balances.find((b: { coin: string }) => b.coin === 'USDT');
      usdt.available = '1200.5';
    });
    // The examples read the run's own wallet (the flow would stop at its first read).
    const results = await runConformance({ ...target, only, skip: ['flows', 'cases', 'sequences', 'generated'], listenMs: 0 });
    const failed = results.filter((r) => r.status === 'fail');
    const balance = failed.find((r) => r.group === 'getWallet')?.problems?.find((p) => p.kind === 'scale');
    expect(balance).toMatchObject({
      kind: 'scale',
      pointer: expect.stringMatching(/^\/message\/accounts\/0\/balances\/\d+\/available$/),
      message: expect.stringContaining("'1200.5' has 1 decimals; Balance.available has 6"),
      expected: { scale: 6, 'x-scale': { coin: 'coin' } },
    });
    // Only the planted field fails.
    expect(failed.flatMap((r) => r.problems ?? []).every((p) => p.kind === 'scale' && p.pointer.endsWith('/available'))).toBe(true);
    expect(textReport(results)).toMatch(
      /FAIL getWallet[\s\S]*at \/message\/accounts\/0\/balances\/\d+\/available: '1200\.5' has 1 decimals[\s\S]*expected \{"scale":6/,
    );
  });

  it('reports an order price printed with a decimal too few', async () => {
    const target = await plantedMock((route, message) => {
      if (route === 'POST /api/me/orders') message.price = message.price.slice(0, -1);
    });
    // The spot flow and the cases place orders.
    const results = await runConformance({ ...target, only, skip: ['generated'], listenMs: 0 });
    const problems = results.filter((r) => r.status === 'fail').flatMap((r) => r.problems ?? []);
    expect(problems.find((p) => p.pointer === '/message/price')).toMatchObject({
      kind: 'scale',
      message: expect.stringContaining('Order.price has 2'),
      expected: { scale: 2, 'x-scale': { symbol: 'pricePrecision' } },
    });
    expect(problems.every((p) => p.kind === 'scale' && p.pointer === '/message/price')).toBe(true);
  });

  it('reports a socket event whose Decimal lacks its scale', async () => {
    const target = await plantedMock(() => {});
    const timer = setInterval(
      () => server!.io.emit('balances', { time: 1, balances: [{ kind: 'funds', coin: 'USDT', available: '1200.5', frozen: '0.000000' }] }),
      100,
    );
    try {
      const results = await runConformance({ ...target, only: ['realtime'], listenMs: 600 });
      const balances = results.find((r) => r.group === 'realtime balances' && r.check === 'every balances payload matches its schema');
      expect(balances).toMatchObject({
        status: 'fail',
        detail: expect.stringContaining("/balances/0/available '1200.5' has 1 decimals; UserBalance.available has 6"),
      });
    } finally {
      clearInterval(timer);
    }
  });
});
