/**
 * The rounding table, seen from the wire: a fee is rounded up, an amount received down, an amount
 * paid up, a value only shown (valuation, statistic, average) truncated; everything else is exact.
 */
import Big from 'big.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../contracts/generated/operations';
import { World } from '../domain/world';
type Json = any;
import { send } from './test-client';

describe('rounding on the wire follows the table', () => {
  const world = new World({ seed: 12, freezeClock: true });
  let token: string | undefined;
  const call = (id: OperationId, body?: unknown) => {
    const res = send(world, id, { body, query: {}, token });
    expect(res.body.type, `${id}: ${res.body.code} ${res.body.message}`).toBe('ok');
    return res.body.message;
  };
  const DOWN = Big.roundDown;
  const UP = Big.roundUp;

  beforeAll(() => {
    token = call('login', { account: 'demo@example.com', password: 'Demo1234' }).token;
    call('transfer', { coin: 'USDT', from: 'funds', to: 'exchange', amount: '5000' });
    call('transfer', { coin: 'BTC', from: 'funds', to: 'exchange', amount: '0.2' });
  });

  it('flash exchange: the rate and the amount received round down, the fee up (at the coin precision)', () => {
    const last = world.market.ticker('BTC/USDT').last;
    const q = call('flashQuote', { from: 'BTC', to: 'USDT', amount: '0.123' });
    expect(q.rate).toBe(new Big(last).times('0.998').round(8, DOWN).toFixed(8));
    const gross = new Big(q.amount).times(q.rate);
    expect(q.fee).toBe(gross.times('0.001').round(6, UP).toFixed(6));
    expect(q.receive).toBe(gross.minus(q.fee).round(6, DOWN).toFixed(6));
    const record = call('flashExchange', { quoteId: q.id });
    expect(record).toMatchObject({ amount: '-0.12300000', toAmount: q.receive, fee: q.fee });
  });

  it('spot buy: the cost is rounded up and the fee (base coin) up; avgPrice is the fill price', () => {
    const [ask] = world.liquidity.book('BTC/USDT').asks[0];
    const order = call('placeOrder', { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: ask, quantity: '0.00123' });
    expect(order).toMatchObject({ status: 'completed', price: ask, avgPrice: ask, filled: '0.00123', quantity: '0.00123' });
    expect(order.filledAmount).toBe(new Big(ask).times('0.00123').round(6, UP).toFixed(6));
    expect(order.fee).toBe(new Big('0.00123').times('0.001').round(5, UP).toFixed(5));
  });

  it('spot sell: the proceeds are rounded down and the fee (quote coin) up; avgPrice is the fill price', () => {
    const [bid] = world.liquidity.book('BTC/USDT').bids[0];
    const order = call('placeOrder', { symbol: 'BTC/USDT', side: 'sell', type: 'limit', price: bid, quantity: '0.00123' });
    expect(order).toMatchObject({ status: 'completed', avgPrice: bid, filled: '0.00123' });
    const proceeds = new Big(bid).times('0.00123').round(6, DOWN);
    expect(order.filledAmount).toBe(proceeds.toFixed(6));
    expect(order.fee).toBe(proceeds.times('0.001').round(6, UP).toFixed(6));
  });

  it('values only shown are truncated: change24h, quoteVolume24h of a BTC market, usdtValue', () => {
    world.clock.advance(90_000);
    const tickers = call('listTickers') as Json[];
    for (const t of tickers) {
      const change = new Big(t.last).minus(t.open24h).div(t.open24h).times(100).round(2, DOWN);
      expect(t.change24h, t.symbol).toBe(change.eq(0) ? '0.00' : change.toFixed(2));
    }
    expect(tickers.find((t) => t.symbol === 'ETH/BTC').quoteVolume24h).toMatch(/^\d+\.\d{6}$/);
    const btc = (call('getWallet').accounts as Json[]).find((a) => a.kind === 'funds').balances.find((b: Json) => b.coin === 'BTC');
    const last = world.market.ticker('BTC/USDT').last;
    expect(btc.usdtValue).toBe(new Big(btc.available).plus(btc.frozen).times(last).round(2, DOWN).toFixed(2));
  });
});
