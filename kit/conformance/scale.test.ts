/**
 * The runner catches decimals printed without their scale: a server that drops trailing zeros
 * (`1200.5` where the field's `x-scale` asks for the coin's 6 decimals, an order price `100.0`
 * where the symbol's `pricePrecision` is 2) fails, with the JSON pointer and the scale expected.
 * The faults are planted in this project's mock, which passes as it is.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../../mock-server/src/http/server';
import { runConformance } from './runner';
import { textReport } from './report';

type Server = Awaited<ReturnType<typeof createServer>>;
let server: Server | undefined;

afterEach(async () => {
  await server?.app.close();
  server = undefined;
});

/** A mock whose ok answers pass through `plant` (method and url, message) before they are sent. */
async function plantedMock(plant: (route: string, message: any) => void): Promise<string> {
  server = await createServer({ staticDir: '/nonexistent', world: { seed: 42 } });
  server.app.addHook('onSend', async (req, _reply, payload) => {
    if (typeof payload !== 'string' || !req.url.startsWith('/api/')) return payload;
    const body = JSON.parse(payload);
    if (body.type === 'ok') plant(`${req.method} ${req.url.split('?')[0]}`, body.message);
    return JSON.stringify(body);
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api`;
}

/** `1200.500000` → `1200.5`: what a server printing decimals as numbers sends. */
const trimmed = (v: string) => v.replace(/\.?0+$/, '');
const account = { account: 'demo@example.com', password: 'Demo1234' };
/** The spot-order flow's operations: a balance read, a resting limit order placed, listed and cancelled. */
const only = ['login', 'getWallet', 'transfer', 'listTickers', 'placeOrder', 'listOrders', 'cancelOrder'];

describe('the conformance runner checks every Decimal against its x-scale', () => {
  it('passes the mock as it is', async () => {
    const apiBase = await plantedMock(() => {});
    const results = await runConformance({ apiBase, account, only, listenMs: 0 });
    expect(results.filter((r) => r.status === 'fail')).toEqual([]);
    expect(results.some((r) => r.group === 'getWallet' && r.check === 'example ok' && r.status === 'pass')).toBe(true);
  });

  it('reports a balance and an order price printed without their trailing zeros, with the pointer and the scale expected', async () => {
    const apiBase = await plantedMock((route, message) => {
      if (route === 'GET /api/me/wallet') {
        const usdt = message.accounts[0].balances.find((b: { coin: string }) => b.coin === 'USDT');
        usdt.available = '1200.5';
      }
      if (route === 'POST /api/me/orders') message.price = trimmed(message.price);
    });
    const results = await runConformance({ apiBase, account, only, listenMs: 0 });
    const failed = results.filter((r) => r.status === 'fail');
    const wallet = failed.find((r) => r.group === 'getWallet');
    const balance = wallet?.problems?.find((p) => p.kind === 'scale');
    expect(balance).toMatchObject({
      kind: 'scale',
      pointer: expect.stringMatching(/^\/message\/accounts\/0\/balances\/\d+\/available$/),
      message: expect.stringContaining("'1200.5' has 1 decimals; Balance.available has 6"),
      expected: { scale: 6, 'x-scale': { coin: 'coin' } },
    });
    const order = failed.flatMap((r) => r.problems ?? []).find((p) => p.kind === 'scale' && p.pointer === '/message/price');
    expect(order).toMatchObject({ message: expect.stringContaining('Order.price has 2'), expected: { scale: 2, 'x-scale': { symbol: 'pricePrecision' } } });
    // Only the planted fields fail.
    expect(
      failed.flatMap((r) => r.problems ?? []).every((p) => p.kind === 'scale' && (p.pointer === '/message/price' || p.pointer.endsWith('/available'))),
    ).toBe(true);
    expect(textReport(results)).toMatch(
      /FAIL getWallet[\s\S]*at \/message\/accounts\/0\/balances\/\d+\/available: '1200\.5' has 1 decimals[\s\S]*expected \{"scale":6/,
    );
  });

  it('reports a socket event whose Decimal lacks its scale', async () => {
    const apiBase = await plantedMock(() => {});
    const timer = setInterval(
      () => server!.io.emit('balances', { time: 1, balances: [{ kind: 'funds', coin: 'USDT', available: '1200.5', frozen: '0.000000' }] }),
      100,
    );
    try {
      const results = await runConformance({ apiBase, account, only: ['realtime'], listenMs: 600 });
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
