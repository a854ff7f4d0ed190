/**
 * The runner catches what it is for: a server answering a body that breaks the contract, an
 * undeclared error code, an invalid request it accepts, and a socket event that breaks its schema.
 * The faults are planted in this project's mock (which passes the whole run in `npm test`).
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

/** A mock whose answers pass through `plant` (url, body) before they are sent. */
async function plantedMock(plant: (url: string, body: any) => any): Promise<string> {
  server = await createServer({ staticDir: '/nonexistent', world: { seed: 42 } });
  server.app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' || !req.url.startsWith('/api/')) return payload;
    const planted = plant(req.url, JSON.parse(payload));
    if (planted && typeof planted === 'object' && 'status' in planted) {
      reply.code(planted.status);
      return JSON.stringify(planted.body);
    }
    return JSON.stringify(planted);
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api`;
}

const account = { account: 'demo@example.com', password: 'Demo1234' };
/** The mock as a sandbox: its verification code and its control API, for fresh users and the cases. */
const sandbox = (apiBase: string) => ({ apiBase, account, code: async () => '123456', control: apiBase.replace(/\/api$/, '/__mock') });

describe('the conformance runner', () => {
  it('passes the mock as it is, for the operations asked', async () => {
    const apiBase = await plantedMock((_url, body) => body);
    const results = await runConformance({ ...sandbox(apiBase), only: ['market'], listenMs: 0 });
    expect(results.filter((r) => r.status === 'fail')).toEqual([]);
    expect(new Set(results.map((r) => r.group))).toEqual(new Set(['getOrderBook', 'getTrades', 'listTickers', 'getKline', 'listFavorites', 'setFavorite']));
  });

  it('reports a missing response field with its JSON pointer and the schema it broke', async () => {
    const apiBase = await plantedMock((url, body) => {
      if (url.startsWith('/api/market/tickers') && body.type === 'ok') delete body.message[1].pricePrecision;
      return body;
    });
    const results = await runConformance({ ...sandbox(apiBase), only: ['listTickers'], listenMs: 0 });
    const failed = results.find((r) => r.group === 'listTickers' && r.status === 'fail');
    expect(failed?.check).toBe('example ok');
    expect(failed?.problems).toContainEqual(
      expect.objectContaining({
        kind: 'schema',
        pointer: '/message/1',
        message: "must have required property 'pricePrecision'",
        expected: expect.objectContaining({ required: expect.arrayContaining(['pricePrecision']) }),
      }),
    );
    expect(textReport(results)).toMatch(/FAIL listTickers[\s\S]*at \/message\/1: must have required property 'pricePrecision'/);
  });

  it('reports an error code the operation does not declare, and an invalid request that was accepted', async () => {
    const apiBase = await plantedMock((url, body) => {
      if (url.startsWith('/api/market/kline')) return { status: 200, body: { type: 'error', code: 'wrong_code', message: 'Wrong code' } };
      // A server that ignores validation: every refused trades request answers ok.
      if (url.startsWith('/api/market/trades') && body.type !== 'ok') return { status: 200, body: { type: 'ok', message: [] } };
      return body;
    });
    const results = await runConformance({ ...sandbox(apiBase), only: ['getKline', 'getTrades'], listenMs: 0 });
    const kline = results.filter((r) => r.group === 'getKline' && r.status === 'fail');
    expect(kline[0]?.problems?.[0]).toMatchObject({ kind: 'undeclared', pointer: '/code' });
    const trades = results.filter((r) => r.group === 'getTrades' && r.status === 'fail');
    expect(trades.length).toBeGreaterThan(0);
    // Every failure is a refusal the server skipped: an invalid or generated request, a case or example whose answer is an error.
    expect(trades.map((r) => r.check).filter((c) => !/^(invalid:|generated:|case [a-z_]+:|example not_found$)/.test(c))).toEqual([]);
    expect(trades.some((r) => /an invalid request was accepted/.test(r.detail ?? ''))).toBe(true);
  });

  it('reports a socket event whose payload breaks its schema, and private events heard by others', async () => {
    const apiBase = await plantedMock((_url, body) => body);
    const timer = setInterval(() => {
      server!.io.emit('tickers', { type: 'snapshot', seq: 1, prevSeq: 1, time: 'soon', tickers: [] } as never);
      server!.io.emit('balances', { time: 1, balances: [] } as never);
    }, 100);
    try {
      const results = await runConformance({ ...sandbox(apiBase), only: ['realtime'], listenMs: 600 });
      const tickers = results.find((r) => r.group === 'realtime tickers' && r.check === 'every tickers payload matches its schema');
      expect(tickers).toMatchObject({ status: 'fail', detail: expect.stringMatching(/\/time must be/) });
      const leaked = results.find((r) => r.group === 'realtime private events' && r.check === 'an anonymous connection hears no private event');
      expect(leaked).toMatchObject({ status: 'fail', detail: 'received balances' });
    } finally {
      clearInterval(timer);
    }
  });
});
