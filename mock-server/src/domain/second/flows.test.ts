/** Second contracts through dispatch: terms, purchase checks, settlement by the price alone, events, idempotency. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../../contracts/generated/operations';
import * as validate from '../../../../contracts/generated/socket-validators.js';
import { SYSTEM } from '../kernel/ledger';
import { WorldHost } from '../../host';
import type { World } from '../world';
import { control } from '../../core/control';
import { route, userRoom, type Delivery } from '../../core/realtime';
import { send } from '../../core/test-client';

let host: WorldHost;
let world: World;
let token: string | undefined;
let userId: string;

const call = (operationId: OperationId, body?: unknown, query: Record<string, string> = {}) => send(world, operationId, { body, query, token }).body;
const ok = (operationId: OperationId, body?: unknown, query: Record<string, string> = {}) => {
  const res = call(operationId, body, query);
  expect(res.type, JSON.stringify(res)).toBe('ok');
  return res.message;
};
const balance = () => world.ledger.balance(userId, 'second', 'USDT');
const house = () => world.ledger.balance(SYSTEM.second, 'second', 'USDT').available.toFixed();
const price = async (symbol: string, value: string, hold = true) => {
  const res = await control(host, 'mockPrice', { symbol, price: value, hold });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const advance = (ms: number) => {
  for (const _ of world.advanceInSlices(ms));
};
const BTC = { symbol: 'BTC/USDT', direction: 'up', period: 30, stake: '100' } as const;

beforeEach(() => {
  host = new WorldHost({ seed: 4, freezeClock: true });
  world = host.world;
  token = undefined;
  token = call('login', { account: 'demo@example.com', password: 'Demo1234' }).message.token;
  userId = world.accounts.record(token).id;
  ok('transfer', { coin: 'USDT', from: 'funds', to: 'second', amount: '1000' });
});

describe('second contracts', () => {
  it('terms list the symbols and the periods, each paying less than a loss costs', () => {
    const terms = ok('getSecondTerms');
    expect(terms.symbols.map((s: { symbol: string }) => s.symbol)).toContain('BTC/USDT');
    expect(terms.periods.map((p: { seconds: number }) => p.seconds)).toEqual([30, 60, 120, 300]);
    for (const p of terms.periods) expect(Number(p.payoutRate)).toBeLessThan(1);
  });

  it('a purchase freezes the stake at the last price and expires after its period', () => {
    const last = world.market.ticker('BTC/USDT').last;
    const order = ok('buySecond', BTC);
    expect(order).toMatchObject({ status: 'running', openPrice: last, stake: '100.000000', payoutRate: '0.80' });
    expect(order.expiresAt - order.time).toBe(30_000);
    expect(balance().available.toFixed()).toBe('900');
    expect(balance().frozen.toFixed()).toBe('100');
  });

  it('up wins above the purchase price: the stake back plus stake × rate, paid by the platform', async () => {
    const order = ok('buySecond', BTC);
    await price('BTC/USDT', (Number(order.openPrice) + 10).toFixed(2));
    advance(29_000);
    expect(ok('listSecondOrders', undefined, { status: 'running' }).total).toBe(1);
    advance(1_000);
    const [done] = ok('listSecondOrders', undefined, { status: 'settled' }).items;
    expect(done).toMatchObject({ id: order.id, result: 'win', pnl: '80.000000', payout: '180.000000', settledAt: order.expiresAt });
    expect(done.closePrice).toBe((Number(order.openPrice) + 10).toFixed(2));
    expect(balance().available.toFixed()).toBe('1080');
    expect(balance().frozen.toFixed()).toBe('0');
    expect(house()).toBe('-80');
  });

  it('up loses below the purchase price, down wins there, and an unchanged price is a tie', async () => {
    const up = ok('buySecond', BTC);
    const down = ok('buySecond', { ...BTC, direction: 'down', period: 60, stake: '200' });
    await price('BTC/USDT', (Number(up.openPrice) - 5).toFixed(2));
    advance(30_000);
    advance(30_000);
    const settled = ok('listSecondOrders', undefined, { status: 'settled' }).items;
    expect(settled.find((o: { id: string }) => o.id === up.id)).toMatchObject({ result: 'loss', pnl: '-100.000000', payout: '0.000000' });
    expect(settled.find((o: { id: string }) => o.id === down.id)).toMatchObject({ result: 'win', pnl: '170.000000', payout: '370.000000' });
    // 1000 - 100 - 200 + 370
    expect(balance().available.toFixed()).toBe('1070');

    const tie = ok('buySecond', { ...BTC, symbol: 'ETH/USDT' });
    await price('ETH/USDT', tie.openPrice);
    advance(30_000);
    expect(ok('listSecondOrders', undefined, { status: 'settled' }).items[0]).toMatchObject({
      id: tie.id,
      result: 'tie',
      pnl: '0.000000',
      payout: '100.000000',
    });
    expect(balance().available.toFixed()).toBe('1070');
  });

  it('settles on the clock with nobody asking, once, at the price of its expiry second', async () => {
    const order = ok('buySecond', BTC);
    // The walk continues: the final price is whatever the feed has at the expiry second.
    let atExpiry: string | undefined;
    world.events.on('secondOrder', ({ order: o }) => {
      if (o.status === 'settled') atExpiry = world.market.ticker('BTC/USDT').last;
    });
    advance(10 * 60_000);
    const all = ok('listSecondOrders', undefined, { status: 'all' });
    expect(all.total).toBe(1);
    expect(all.items[0].closePrice).toBe(atExpiry);
    expect(all.items[0].settledAt).toBe(order.expiresAt);
  });

  it('refuses what it cannot take, and changes nothing', () => {
    const refused = (body: object) => {
      const res = call('buySecond', { ...BTC, ...body });
      expect(res.type).toBe('error');
      return res.code;
    };
    expect(refused({ symbol: 'LTC/USDT' })).toBe('unknown_symbol');
    expect(refused({ period: 45 })).toBe('period_not_offered');
    expect(refused({ stake: '0' })).toBe('amount_invalid');
    expect(refused({ stake: '9.99' })).toBe('stake_out_of_bounds');
    expect(refused({ stake: '5000.01' })).toBe('stake_out_of_bounds');
    expect(refused({ stake: '1000.01', period: 300 })).toBe('insufficient_balance');
    world.liquidity.halted.add('BTC/USDT');
    expect(refused({})).toBe('market_closed');
    world.liquidity.halted.clear();
    expect(balance().available.toFixed()).toBe('1000');
    expect(ok('listSecondOrders', undefined, { status: 'all' }).total).toBe(0);
  });

  it('at most maxRunning at once; a settled one makes room', () => {
    const { maxRunning } = ok('getSecondTerms');
    for (let i = 0; i < maxRunning; i++) ok('buySecond', { ...BTC, stake: '10' });
    expect(call('buySecond', { ...BTC, stake: '10' })).toMatchObject({ code: 'too_many_running', params: { max: maxRunning } });
    advance(30_000);
    ok('buySecond', { ...BTC, stake: '10' });
  });

  it('a repeated Idempotency-Key buys once', () => {
    const first = send(world, 'buySecond', { body: BTC, token, idempotencyKey: 'buy-1' }).body.message;
    const again = send(world, 'buySecond', { body: BTC, token, idempotencyKey: 'buy-1' }).body.message;
    expect(again.id).toBe(first.id);
    expect(ok('listSecondOrders').total).toBe(1);
    expect(balance().frozen.toFixed()).toBe('100');
  });

  it('sends secondOrder to the user on purchase and on settlement, valid by the contract', async () => {
    const deliveries: Delivery[] = [];
    route({ world: () => world, on: (event, listener) => world.events.on(event, listener), rooms: () => [], deliver: (d) => deliveries.push(d) });
    const order = ok('buySecond', BTC);
    await price('BTC/USDT', (Number(order.openPrice) + 1).toFixed(2));
    advance(31_000);
    const mine = deliveries.filter((d) => d.event === 'secondOrder');
    expect(mine.map((d) => (d.payload as { order: { status: string } }).order.status)).toEqual(['running', 'settled']);
    for (const d of mine) {
      expect(d.room).toBe(userRoom(userId));
      expect(validate.secondOrder(d.payload), JSON.stringify(validate.secondOrder.errors)).toBe(true);
    }
  });
});
