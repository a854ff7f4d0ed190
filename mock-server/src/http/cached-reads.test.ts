/**
 * Reads the server answers from a cache (settings, coins, tickers, the book, a wallet, a loan quote;
 * their JSON kept by the HTTP adapter) answer what the domain says now: the same bytes as a world
 * that computes them afresh, and a new answer as soon as what they show changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationTable, type OperationId } from '../../../contracts/generated/operations';
import { dispatch } from '../core/dispatch';
import { World } from '../domain/world';
import type { createServer } from './server';
import { startTestServer } from './test-server';

let app: Awaited<ReturnType<typeof createServer>>['app'];
let host: Awaited<ReturnType<typeof createServer>>['host'];
let base = '';
let token = '';

beforeAll(async () => {
  ({ app, host, base } = await startTestServer({ seed: 5, freezeClock: true }));
  const res = await fetch(`${base}/api/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo@example.com', password: 'Demo1234' }),
  });
  token = ((await res.json()) as { message: { token: string } }).message.token;
}, 60_000);
afterAll(() => app.close());

const get = async (path: string, auth = false) => {
  const res = await fetch(`${base}/api${path}`, { headers: auth ? { authorization: token } : {} });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

/** What a world of the same seed and clock answers, computed afresh (no caches warmed). */
function freshWorld() {
  const world = new World({ seed: 5, freezeClock: true });
  world.clock.advance(host.world.clock.now() - world.clock.now());
  return (operationId: OperationId, query: Record<string, string> = {}) =>
    JSON.stringify(dispatch(world, { operationId, path: operationTable[operationId].path, token: undefined, query, body: undefined }).body);
}

describe('cached reads', () => {
  it('answer the same bytes, twice, as a world computing them afresh', async () => {
    const fresh = freshWorld();
    for (const [op, path, query] of [
      ['getSettings', '/settings', {}],
      ['listCoins', '/coins', {}],
      ['listTickers', '/market/tickers', {}],
      ['getOrderBook', '/market/depth?symbol=BTC%2FUSDT&limit=5', { symbol: 'BTC/USDT', limit: '5' }],
      ['getOrderBook', '/market/depth?symbol=BTC%2FUSDT', { symbol: 'BTC/USDT' }],
      [
        'quoteLoan',
        '/loans/quote?productId=ln_credit&amount=3000&days=90&method=instalments',
        { productId: 'ln_credit', amount: '3000', days: '90', method: 'instalments' },
      ],
    ] as Array<[OperationId, string, Record<string, string>]>) {
      const first = await get(path);
      const again = await get(path);
      expect(first.status, op).toBe(200);
      expect(first.type, op).toBe('application/json; charset=utf-8');
      expect(again.text, op).toBe(first.text);
      expect(first.text, op).toBe(fresh(op, query));
    }
  }, 60_000);

  it('a shorter book is the first levels of the longer one, and the book moves with the clock', async () => {
    const book = async (limit: number) => JSON.parse((await get(`/market/depth?symbol=ETH%2FUSDT&limit=${limit}`)).text).message;
    const [short, long] = [await book(3), await book(20)];
    expect(short.asks).toEqual(long.asks.slice(0, 3));
    expect(short.bids).toEqual(long.bids.slice(0, 3));
    await fetch(`${base}/__mock/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: 5_000 }) });
    const later = await book(20);
    expect(later.seq).toBeGreaterThan(long.seq);
    expect(later.time).toBeGreaterThan(long.time);
  }, 60_000);

  it('the wallet shows a transfer at once', async () => {
    const available = async (kind: string) => {
      const wallet = JSON.parse((await get('/me/wallet', true)).text).message;
      return Number(wallet.accounts.find((a: { kind: string }) => a.kind === kind).balances.find((b: { coin: string }) => b.coin === 'USDT').available);
    };
    const [funds, exchange] = [await available('funds'), await available('exchange')];
    expect(await available('funds')).toBe(funds);
    const transfer = await fetch(`${base}/api/me/transfers`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ coin: 'USDT', from: 'funds', to: 'exchange', amount: '20' }),
    });
    expect(((await transfer.json()) as { type: string }).type).toBe('ok');
    expect(await available('funds')).toBe(funds - 20);
    expect(await available('exchange')).toBe(exchange + 20);
  }, 60_000);
});
