/**
 * The runner catches what it is for: a server answering a body that breaks the contract, an
 * undeclared error code, an invalid request it accepts, and a socket event that breaks its schema.
 * The faults are planted in this project's mock (which passes the whole run in `npm test`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { textReport } from './report';
import { runConformance } from './runner';
import { rewriteAnswers, startMock, stopMocks, type MockServer } from './test-mock';

let server: MockServer | undefined;
afterEach(stopMocks);

/** A mock whose answers pass through `plant` (url, body) before they are sent: the kit's options for it. */
async function plantedMock(plant: (url: string, body: any) => any) {
  const started = await startMock(rewriteAnswers((route, body) => plant(route.slice(route.indexOf(' ') + 1), body)));
  server = started.server;
  return started.options;
}

describe('the conformance runner', () => {
  it('passes the mock as it is, for the operations asked', async () => {
    const target = await plantedMock((_url, body) => body);
    const results = await runConformance({ ...target, only: ['market'], listenMs: 0 });
    expect(results.filter((r) => r.status === 'fail')).toEqual([]);
    expect(new Set(results.map((r) => r.group))).toEqual(new Set(['getOrderBook', 'getTrades', 'listTickers', 'getKline', 'listFavorites', 'setFavorite']));
  });

  it('reports a missing response field with its JSON pointer and the schema it broke', async () => {
    const target = await plantedMock((url, body) => {
      if (url.startsWith('/api/market/tickers') && body.type === 'ok') delete body.message[1].pricePrecision;
      return body;
    });
    const results = await runConformance({ ...target, only: ['listTickers'], listenMs: 0 });
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
    const target = await plantedMock((url, body) => {
      if (url.startsWith('/api/market/kline')) return { status: 200, body: { type: 'error', code: 'wrong_code', message: 'Wrong code' } };
      // A server that ignores validation: every refused trades request answers ok.
      if (url.startsWith('/api/market/trades') && body.type !== 'ok') return { status: 200, body: { type: 'ok', message: [] } };
      return body;
    });
    const results = await runConformance({ ...target, only: ['getKline', 'getTrades'], listenMs: 0 });
    const kline = results.filter((r) => r.group === 'getKline' && r.status === 'fail');
    expect(kline[0]?.problems?.[0]).toMatchObject({ kind: 'undeclared', pointer: '/code' });
    const trades = results.filter((r) => r.group === 'getTrades' && r.status === 'fail');
    expect(trades.length).toBeGreaterThan(0);
    // Every failure is a refusal the server skipped: an invalid or generated request, a case or example whose answer is an error.
    expect(trades.map((r) => r.check).filter((c) => !/^(invalid:|generated:|case [a-z_]+:|example not_found$)/.test(c))).toEqual([]);
    expect(trades.some((r) => /an invalid request was accepted/.test(r.detail ?? ''))).toBe(true);
  });

  it('reports a socket event whose payload breaks its schema, and private events heard by others', async () => {
    const target = await plantedMock((_url, body) => body);
    const timer = setInterval(() => {
      server!.io.emit('tickers', { type: 'snapshot', seq: 1, prevSeq: 1, time: 'soon', tickers: [] } as never);
      server!.io.emit('balances', { time: 1, balances: [] } as never);
    }, 100);
    try {
      const results = await runConformance({ ...target, only: ['realtime'], listenMs: 600 });
      const tickers = results.find((r) => r.group === 'realtime tickers' && r.check === 'every tickers payload matches its schema');
      expect(tickers).toMatchObject({ status: 'fail', detail: expect.stringMatching(/\/time must be/) });
      const leaked = results.find((r) => r.group === 'realtime private events' && r.check === 'an anonymous connection hears no private event');
      expect(leaked).toMatchObject({ status: 'fail', detail: 'received balances' });
    } finally {
      clearInterval(timer);
    }
  });
});
