/** Lever contracts through dispatch: validation, overnight fee, events, ownership and listing, mockPrice. */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import * as validate from '../../../../contracts/generated/socket-validators.js';
import { DAY } from '../market/candles';
import { control } from '../../core/control';
import { route, userRoom, type Delivery } from '../../core/realtime';
import { send } from '../../core/test-client';
import { account, advance, BTC, call, ETH, host, ok, price, token, useLeverWorld, userId, world } from '../../core/test-lever';

useLeverWorld();

describe('validation', () => {
  it('refuses in the order of the contract: symbol, lots, multiple, price decimals, triggers, margin', () => {
    expect(call('openLever', { ...BTC, type: 'limit', lots: '1', multiple: 10 })).toMatchObject({ code: 'price_required', params: { field: 'price' } });
    expect(call('openLever', { ...BTC, symbol: 'LTC/USDT', lots: '0', multiple: 3 })).toMatchObject({ code: 'unknown_symbol', params: { symbol: 'LTC/USDT' } });
    for (const lots of ['0', '101', '1.5']) {
      expect(call('openLever', { ...BTC, lots, multiple: 3 })).toMatchObject({ code: 'lots_out_of_bounds', params: { min: '1', max: '100', step: '1' } });
    }
    expect(call('openLever', { ...BTC, lots: '1', multiple: 3 })).toMatchObject({ code: 'multiple_not_offered', params: { multiples: '5,10,20,50,100' } });
    expect(call('openLever', { ...BTC, type: 'limit', price: '59000.001', lots: '1', multiple: 10, takeProfit: '1' })).toMatchObject({
      code: 'amount_precision',
      params: { field: 'price', places: 2 },
    });
    expect(call('openLever', { ...BTC, type: 'limit', price: '0', lots: '1', multiple: 10 })).toMatchObject({
      code: 'amount_invalid',
      params: { field: 'price' },
    });
    expect(call('openLever', { ...BTC, lots: '1', multiple: 10, stopLoss: '1.234' })).toMatchObject({
      code: 'amount_precision',
      params: { field: 'stopLoss' },
    });
    expect(call('openLever', { ...BTC, lots: '100', multiple: 5 })).toMatchObject({ code: 'insufficient_margin', params: { required: '12030.000000' } });
    expect(ok('listLeverOrders', undefined, { status: 'all' }).total).toBe(0);
    expect(account().available).toBe('1000.000000');
  });

  it('take-profit and stop-loss must be on the right side of the opening price (a long: above and below, a short: the reverse)', () => {
    const long = { ...BTC, lots: '1', multiple: 10 };
    expect(call('openLever', { ...long, takeProfit: '60000.00' })).toMatchObject({ code: 'take_profit_invalid', params: { price: '60000.00' } });
    expect(call('openLever', { ...long, stopLoss: '60000.01' })).toMatchObject({ code: 'stop_loss_invalid', params: { price: '60000.00' } });
    expect(call('openLever', { ...long, side: 'short', takeProfit: '60000.01' })).toMatchObject({ code: 'take_profit_invalid' });
    expect(call('openLever', { ...long, side: 'short', stopLoss: '59999.99' })).toMatchObject({ code: 'stop_loss_invalid' });
    // A delegation's triggers are checked against its price, not the last price.
    const limit = { ...long, type: 'limit', price: '55000.00' };
    expect(call('openLever', { ...limit, takeProfit: '54000.00' })).toMatchObject({ code: 'take_profit_invalid', params: { price: '55000.00' } });
    expect(ok('openLever', { ...limit, takeProfit: '58000.00', stopLoss: '54000.00' })).toMatchObject({ takeProfit: '58000.00', stopLoss: '54000.00' });
  });

  it('setLeverTpSl replaces both triggers (a field left out removes it), checked against the current price', async () => {
    const order = ok('openLever', { ...BTC, lots: '1', multiple: 10, takeProfit: '61000.00', stopLoss: '59000.00' });
    await price('BTC/USDT', '60500.00');
    expect(call('setLeverTpSl', { id: order.id, takeProfit: '60400.00' })).toMatchObject({ code: 'take_profit_invalid', params: { price: '60500.00' } });
    expect(call('setLeverTpSl', { id: order.id, stopLoss: '60600.00' })).toMatchObject({ code: 'stop_loss_invalid' });
    expect(call('setLeverTpSl', { id: order.id, stopLoss: '60000.123' })).toMatchObject({ code: 'amount_precision', params: { field: 'stopLoss', places: 2 } });
    const changed = ok('setLeverTpSl', { id: order.id, stopLoss: '60000.00' });
    expect(changed.stopLoss).toBe('60000.00');
    expect(changed.takeProfit).toBeUndefined();
    await price('BTC/USDT', '59990.00');
    expect(ok('listLeverOrders', undefined, { status: 'history' }).items[0]).toMatchObject({ closeReason: 'stop_loss', closePrice: '59990.00' });
    expect(call('setLeverTpSl', { id: order.id })).toMatchObject({ code: 'order_closed' });
  });
});

describe('overnight fee', () => {
  it('is charged at each 00:00 UTC a position is held, from the available balance', () => {
    const order = ok('openLever', { ...BTC, lots: '1', multiple: 10 });
    advance(DAY - 1000);
    expect(ok('listLeverOrders').items[0].overnightFee).toBe('0.000000');
    advance(1000);
    // 60000 × 0.01 × 0.0002 at 00:00 of the next day, then again a day later.
    expect(ok('listLeverOrders').items[0]).toMatchObject({ id: order.id, overnightFee: '0.120000', updatedAt: world.clock.now() });
    advance(DAY);
    expect(ok('listLeverOrders').items[0].overnightFee).toBe('0.240000');
    expect(account().available).toBe('939.460000');
  });

  it('what the available balance cannot pay is taken from the margin (cross margin)', () => {
    ok('transfer', { coin: 'USDT', from: 'lever', to: 'funds', amount: '939.7' });
    ok('openLever', { ...BTC, lots: '1', multiple: 10 });
    expect(account().available).toBe('0.000000');
    advance(DAY);
    expect(ok('listLeverOrders').items[0]).toMatchObject({ overnightFee: '0.120000', margin: '59.880000' });
    expect(account()).toMatchObject({ balance: '59.880000', positionMargin: '59.880000' });
    expect(world.lever.absorbed.toFixed()).toBe('0');
  });
});

describe('events', () => {
  it('one leverOrder per change of an order, one leverAccount per change of the account, to the user room, as the contract says', async () => {
    const deliveries: Delivery[] = [];
    route({ world: () => world, on: (event, listener) => world.events.on(event, listener), rooms: () => [], deliver: (d) => deliveries.push(d) });
    const mine = () => {
      const out = deliveries.filter((d) => d.event === 'leverOrder' || d.event === 'leverAccount');
      deliveries.length = 0;
      for (const d of out) {
        expect(d.room).toBe(userRoom(userId));
        const check = validate[d.event as 'leverOrder' | 'leverAccount'];
        expect(check(d.payload), JSON.stringify(check.errors)).toBe(true);
      }
      return out.map((d) => (d.event === 'leverOrder' ? `order:${(d.payload as { order: { status: string } }).order.status}` : 'account'));
    };
    const order = ok('openLever', { ...BTC, lots: '1', multiple: 10 });
    expect(mine()).toEqual(['order:dealing', 'account']);
    ok('setLeverTpSl', { id: order.id, takeProfit: '61000.00' });
    expect(mine()).toEqual(['order:dealing']);
    const delegation = ok('openLever', { ...BTC, type: 'limit', price: '59000.00', lots: '1', multiple: 10 });
    expect(mine()).toEqual(['order:delegating', 'account']);
    await price('BTC/USDT', '58000.00');
    expect(mine()).toEqual(['order:dealing', 'account']);
    ok('closeAllLever');
    expect(mine()).toEqual(['order:closed', 'order:closed', 'account']);
    ok('transfer', { coin: 'USDT', from: 'funds', to: 'lever', amount: '5' });
    expect(mine()).toEqual(['account']);
    world.clock.advance(1000);
    expect(mine()).toEqual([]);
    expect(delegation.status).toBe('delegating');
  });
});

describe('ownership and listing', () => {
  it("another user can neither see nor change nor close someone's orders (not_found)", () => {
    const position = ok('openLever', { ...BTC, lots: '1', multiple: 10 });
    const delegation = ok('openLever', { ...BTC, type: 'limit', price: '50000.00', lots: '1', multiple: 10 });
    call('sendCode', { account: 'other@example.com', scene: 'register' }, {}, undefined);
    const registered = {
      accountType: 'email',
      account: 'other@example.com',
      code: '123456',
      password: 'Other2026!',
      confirmPassword: 'Other2026!',
      agree: true,
    };
    expect(call('register', registered, {}, undefined).type).toBe('ok');
    const other = call('login', { account: 'other@example.com', password: 'Other2026!' }, {}, undefined).message.token;
    expect(call('listLeverOrders', undefined, { status: 'all' }, other).message.total).toBe(0);
    expect(call('closeLever', { id: position.id }, {}, other)).toMatchObject({ code: 'not_found' });
    expect(call('setLeverTpSl', { id: position.id }, {}, other)).toMatchObject({ code: 'not_found' });
    expect(call('cancelLever', { id: delegation.id }, {}, other)).toMatchObject({ code: 'not_found' });
    expect(call('closeAllLever', undefined, {}, other).message).toEqual([]);
    expect(ok('listLeverOrders', undefined, { status: 'all' }).total).toBe(2);
  });

  it('lists newest first, by status and symbol, a page at a time', () => {
    const a = ok('openLever', { ...BTC, lots: '1', multiple: 10 });
    const b = ok('openLever', { ...ETH, lots: '1', multiple: 10 });
    const c = ok('openLever', { ...ETH, type: 'limit', price: '3500.00', lots: '1', multiple: 10 });
    ok('closeLever', { id: a.id });
    const ids = (query: Record<string, string>) => ok('listLeverOrders', undefined, query).items.map((o: { id: string }) => o.id);
    expect(ids({})).toEqual([b.id]);
    expect(ids({ status: 'delegating' })).toEqual([c.id]);
    expect(ids({ status: 'history' })).toEqual([a.id]);
    expect(ids({ status: 'all' })).toEqual([c.id, b.id, a.id]);
    expect(ids({ status: 'all', symbol: 'ETH/USDT' })).toEqual([c.id, b.id]);
    expect(ok('listLeverOrders', undefined, { status: 'all', page: '2', pageSize: '2' })).toMatchObject({
      page: 2,
      pageSize: 2,
      total: 3,
      items: [{ id: a.id }],
    });
  });

  it('an Idempotency-Key repeated opens once', () => {
    const body = { ...BTC, lots: '1', multiple: 10 };
    const first = send(world, 'openLever', { body, token, idempotencyKey: 'open-1' }).body.message;
    const again = send(world, 'openLever', { body, token, idempotencyKey: 'open-1' }).body.message;
    expect(again).toEqual(first);
    expect(ok('listLeverOrders').total).toBe(1);
  });
});

describe('mockPrice', () => {
  it('sets the last price now, in the current candle; the walk continues from it; spot resting orders react', async () => {
    ok('transfer', { coin: 'USDT', from: 'funds', to: 'exchange', amount: '1000' });
    const spot = ok('placeOrder', { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '55000.00', quantity: '0.00100' });
    const answer = await price('BTC/USDT', '54000.00');
    expect(answer).toEqual({ symbol: 'BTC/USDT', last: '54000.00', time: world.clock.now() });
    expect(world.market.ticker('BTC/USDT').last).toBe('54000.00');
    expect(world.market.kline('BTC/USDT', '1min', 1)[0]).toMatchObject({ close: '54000.00', low: '54000.00' });
    expect(ok('listOrders', undefined, { status: 'all' }).items.find((o: { id: string }) => o.id === spot.id).filled).not.toBe('0.00000');
    world.clock.advance(1000);
    const next = new Big(world.market.ticker('BTC/USDT').last);
    expect(next.minus(54000).abs().lt(540)).toBe(true);
  });

  it('answers 400 for an unknown symbol, a price that is not positive, too many decimals or too large', async () => {
    const bad = async (body: unknown) => (await control(host, 'mockPrice', body)).status;
    expect(await bad({ symbol: 'FOO/USDT', price: '1' })).toBe(400);
    expect(await bad({ symbol: 'BTC/USDT', price: '0' })).toBe(400);
    expect(await bad({ symbol: 'BTC/USDT', price: '1.001' })).toBe(400);
    expect(await bad({ symbol: 'SHIB/USDT', price: '999999999999999' })).toBe(400);
    expect(await bad({ symbol: 'BTC/USDT', price: '-5' })).toBe(400);
    expect(await bad({ symbol: 'BTC/USDT' })).toBe(400);
    expect(world.market.ticker('BTC/USDT').last).toBe('60000.00');
  });
});
