/** Lever contracts through dispatch: terms, positions, delegations, triggers, closing, liquidation, overnight fees, events. */
import Big from 'big.js';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../../contracts/generated/operations';
import * as validate from '../../../../contracts/generated/socket-validators.js';
import { DAY } from '../market/candles';
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

const call = (operationId: OperationId, body?: unknown, query: Record<string, string> = {}, as = token) =>
  send(world, operationId, { body, query, token: as }).body;
const ok = (operationId: OperationId, body?: unknown, query: Record<string, string> = {}) => {
  const res = call(operationId, body, query);
  expect(res.type, JSON.stringify(res)).toBe('ok');
  return res.message;
};
const account = () => ok('getLeverAccount');
const lever = () => world.ledger.balance(userId, 'lever', 'USDT');
const system = (owner: string) => world.ledger.balance(owner, 'lever', 'USDT').available.toFixed();
/** Sets a price as the control API does (and lets everything react). */
const price = async (symbol: string, value: string) => {
  const res = await control(host, 'mockPrice', { symbol, price: value });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { symbol: string; last: string; time: number };
};
const advance = (ms: number) => {
  for (const _ of world.advanceInSlices(ms));
};
const BTC = { symbol: 'BTC/USDT', side: 'long', type: 'market' } as const;
const ETH = { symbol: 'ETH/USDT', side: 'short', type: 'market' } as const;

beforeEach(async () => {
  host = new WorldHost({ seed: 4, freezeClock: true });
  world = host.world;
  token = undefined;
  token = call('login', { account: 'demo@example.com', password: 'Demo1234' }).message.token;
  userId = world.accounts.record(token).id;
  ok('transfer', { coin: 'USDT', from: 'funds', to: 'lever', amount: '1000' });
  await price('BTC/USDT', '60000.00');
  await price('ETH/USDT', '3000.00');
});

describe('terms and account', () => {
  it('lists the offered symbols with their terms, each a listed USDT market', () => {
    const symbols = ok('listLeverSymbols');
    expect(symbols.length).toBeGreaterThanOrEqual(4);
    expect(symbols[0]).toEqual({
      symbol: 'BTC/USDT',
      contractSize: '0.01000',
      minLots: '1',
      maxLots: '100',
      lotStep: '1',
      multiples: [5, 10, 20, 50, 100],
      feeRate: '0.0005',
      overnightRate: '0.0002',
      liquidationLine: '0.2',
      pricePrecision: 2,
    });
    for (const s of symbols) {
      expect(world.market.has(s.symbol) && s.symbol.endsWith('/USDT'), s.symbol).toBe(true);
      expect(s.pricePrecision).toBe(world.market.ticker(s.symbol).pricePrecision);
    }
  });

  it('an account without positions: balance = available, no risk rate', () => {
    expect(account()).toEqual({
      balance: '1000.000000',
      available: '1000.000000',
      positionMargin: '0.000000',
      delegationFrozen: '0.000000',
      unrealizedPnl: '0.000000',
      equity: '1000.000000',
      liquidationLine: '0.2',
      time: world.clock.now(),
    });
  });
});

describe('positions at market', () => {
  it('a long with a take-profit: opens at the last price; a price above the take-profit closes it with take_profit, P/L settled', async () => {
    const order = ok('openLever', { ...BTC, lots: '2', multiple: 10, takeProfit: '61000.00' });
    expect(order).toMatchObject({
      status: 'dealing',
      openPrice: '60000.00',
      quantity: '0.02000',
      lots: '2',
      margin: '120.000000',
      openFee: '0.600000',
      closeFee: '0.000000',
      overnightFee: '0.000000',
      takeProfit: '61000.00',
      openedAt: world.clock.now(),
    });
    expect(order.price).toBeUndefined();
    expect(account()).toMatchObject({ balance: '999.400000', available: '879.400000', positionMargin: '120.000000', riskRate: '8.3283' });
    await price('BTC/USDT', '60900.00');
    expect(ok('listLeverOrders').items[0].status).toBe('dealing');
    expect(account()).toMatchObject({ unrealizedPnl: '18.000000', equity: '1017.400000' });
    await price('BTC/USDT', '61500.00');
    const [closed] = ok('listLeverOrders', undefined, { status: 'history' }).items;
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'take_profit', closePrice: '61500.00', realizedPnl: '30.000000', closeFee: '0.615000' });
    // 1000 − 0.6 opening fee + 30 profit − 0.615 closing fee.
    expect(account()).toMatchObject({ balance: '1028.785000', available: '1028.785000', positionMargin: '0.000000' });
    expect(account().riskRate).toBeUndefined();
    expect(system(SYSTEM.fees)).toBe('1.215');
    expect(system(SYSTEM.lever)).toBe('-30');
  });

  it('a short with a stop-loss closes with stop_loss at the last price, past its trigger', async () => {
    const order = ok('openLever', { ...ETH, lots: '3', multiple: 20, stopLoss: '3100.00' });
    expect(order).toMatchObject({ side: 'short', quantity: '0.3000', margin: '45.000000', openFee: '0.450000', stopLoss: '3100.00' });
    await price('ETH/USDT', '2950.00');
    expect(account()).toMatchObject({ unrealizedPnl: '15.000000' });
    await price('ETH/USDT', '3150.00');
    const [closed] = ok('listLeverOrders', undefined, { status: 'history' }).items;
    expect(closed).toMatchObject({ closeReason: 'stop_loss', closePrice: '3150.00', realizedPnl: '-45.000000', closeFee: '0.472500' });
    expect(account().balance).toBe('954.077500');
  });

  it('closeLever closes one position at the last price; closing it again is order_closed', async () => {
    const a = ok('openLever', { ...BTC, lots: '1', multiple: 20 });
    const b = ok('openLever', { ...ETH, lots: '1', multiple: 5 });
    await price('BTC/USDT', '59000.00');
    const closed = ok('closeLever', { id: a.id });
    expect(closed).toMatchObject({
      id: a.id,
      status: 'closed',
      closeReason: 'user',
      closePrice: '59000.00',
      realizedPnl: '-10.000000',
      closedAt: world.clock.now(),
    });
    expect(call('closeLever', { id: a.id })).toMatchObject({ code: 'order_closed' });
    expect(ok('listLeverOrders').items.map((o: { id: string }) => o.id)).toEqual([b.id]);
  });

  it('one-click close closes every position, the most profitable first; delegations stay', async () => {
    const long = ok('openLever', { ...BTC, lots: '1', multiple: 10 });
    const short = ok('openLever', { ...ETH, lots: '2', multiple: 10 });
    const delegation = ok('openLever', { ...BTC, type: 'limit', price: '50000.00', lots: '1', multiple: 10 });
    await price('BTC/USDT', '59000.00');
    await price('ETH/USDT', '2900.00');
    const closed = ok('closeAllLever');
    expect(closed.map((o: { id: string }) => o.id)).toEqual([short.id, long.id]);
    expect(closed.map((o: { realizedPnl: string }) => o.realizedPnl)).toEqual(['20.000000', '-10.000000']);
    expect(closed.every((o: { closeReason: string }) => o.closeReason === 'user')).toBe(true);
    expect(ok('listLeverOrders', undefined, { status: 'delegating' }).items.map((o: { id: string }) => o.id)).toEqual([delegation.id]);
    expect(ok('closeAllLever')).toEqual([]);
  });
});

describe('delegations', () => {
  it('a limit long waits with margin and fee frozen, and opens at its price when the market falls to it', async () => {
    const order = ok('openLever', { ...BTC, type: 'limit', price: '59000.00', lots: '1', multiple: 10, takeProfit: '60500.00' });
    expect(order).toMatchObject({ status: 'delegating', price: '59000.00', margin: '59.000000', openFee: '0.295000' });
    expect(order.openPrice).toBeUndefined();
    expect(account()).toMatchObject({ balance: '1000.000000', available: '940.705000', delegationFrozen: '59.295000', positionMargin: '0.000000' });
    await price('BTC/USDT', '59500.00');
    expect(ok('listLeverOrders', undefined, { status: 'delegating' }).total).toBe(1);
    const { time } = await price('BTC/USDT', '58900.00');
    const [open] = ok('listLeverOrders').items;
    expect(open).toMatchObject({ id: order.id, status: 'dealing', price: '59000.00', openPrice: '59000.00', openedAt: time });
    expect(account()).toMatchObject({ balance: '999.705000', delegationFrozen: '0.000000', positionMargin: '59.000000', unrealizedPnl: '-1.000000' });
    expect(system(SYSTEM.fees)).toBe('0.295');
    // Its take-profit is live once it is open.
    await price('BTC/USDT', '60600.00');
    expect(ok('listLeverOrders', undefined, { status: 'history' }).items[0]).toMatchObject({ closeReason: 'take_profit', realizedPnl: '16.000000' });
  });

  it('a delegation the price has already reached opens at once, at its price, in one event', () => {
    const events: string[] = [];
    world.events.on('leverOrder', (e) => events.push(e.order.status));
    const order = ok('openLever', { ...BTC, type: 'limit', price: '60100.00', lots: '1', multiple: 10 });
    expect(order).toMatchObject({ status: 'dealing', price: '60100.00', openPrice: '60100.00', margin: '60.100000', openFee: '0.300500' });
    expect(events).toEqual(['dealing']);
    expect(account()).toMatchObject({ positionMargin: '60.100000', delegationFrozen: '0.000000', unrealizedPnl: '-1.000000' });
  });

  it('a limit short opens when the simulated market rises to it, second by second', () => {
    const last = new Big(world.market.ticker('ETH/USDT').last);
    const limit = last.times('1.0005').round(2, Big.roundUp).toFixed(2);
    ok('openLever', { ...ETH, type: 'limit', price: limit, lots: '1', multiple: 10 });
    let status = 'delegating';
    for (let i = 0; i < 7200 && status === 'delegating'; i++) {
      world.clock.advance(1000);
      status = ok('listLeverOrders', undefined, { status: 'all' }).items[0].status;
    }
    expect(ok('listLeverOrders').items[0]).toMatchObject({ status: 'dealing', openPrice: limit });
  });

  it('cancelling a delegation gives its margin and fee back; a cancelled one cannot be cancelled, closed is for positions', () => {
    const order = ok('openLever', { ...ETH, type: 'limit', price: '3300.00', lots: '4', multiple: 5 });
    expect(account().available).toBe('735.340000');
    expect(call('closeLever', { id: order.id })).toMatchObject({ code: 'order_closed' });
    expect(ok('cancelLever', { id: order.id })).toMatchObject({ status: 'cancelled', closedAt: world.clock.now() });
    expect(account()).toMatchObject({ available: '1000.000000', delegationFrozen: '0.000000' });
    expect(call('cancelLever', { id: order.id })).toMatchObject({ code: 'order_closed' });
    const position = ok('openLever', { ...ETH, lots: '1', multiple: 5 });
    expect(call('cancelLever', { id: position.id })).toMatchObject({ code: 'order_closed' });
    expect(lever().frozen.toFixed()).toBe('60');
  });
});

describe('cross margin and liquidation', () => {
  it('at the liquidation line every position is closed at the last price, what is left stays', async () => {
    ok('openLever', { ...BTC, lots: '100', multiple: 100 });
    expect(account()).toMatchObject({ available: '370.000000', positionMargin: '600.000000' });
    await price('BTC/USDT', '59500.00');
    await price('BTC/USDT', '59200.00');
    expect(account()).toMatchObject({ equity: '170.000000', riskRate: '0.2833' });
    await price('BTC/USDT', '59160.00');
    expect(ok('listLeverOrders').total).toBe(1);
    await price('BTC/USDT', '59150.00');
    const [closed] = ok('listLeverOrders', undefined, { status: 'history' }).items;
    expect(closed).toMatchObject({ closeReason: 'liquidation', closePrice: '59150.00', realizedPnl: '-850.000000', closeFee: '29.575000' });
    // 970 equity at opening − 850 − 29.575.
    expect(account().balance).toBe('90.425000');
    expect(world.lever.absorbed.toFixed()).toBe('0');
  });

  it('a price gap past the line: the balance is floored at zero and the platform absorbs the rest', async () => {
    ok('openLever', { ...BTC, lots: '100', multiple: 100 });
    await price('BTC/USDT', '58000.00');
    const [closed] = ok('listLeverOrders', undefined, { status: 'history' }).items;
    expect(closed).toMatchObject({ closeReason: 'liquidation', realizedPnl: '-2000.000000', closeFee: '29.000000' });
    expect(account()).toMatchObject({ balance: '0.000000', available: '0.000000' });
    // The loss beyond the 970 the user had (2000 + 29 − 970), paid by the platform.
    expect(world.lever.absorbed.toFixed()).toBe('1059');
    expect(system(SYSTEM.lever)).toBe('941');
    expect(lever().available.gte(0) && lever().frozen.eq(0)).toBe(true);
  });

  it('a loss beyond the available balance is paid from delegations first (cancelled, newest first)', async () => {
    const older = ok('openLever', { ...ETH, side: 'long', type: 'limit', price: '2000.00', lots: '10', multiple: 5 });
    const newer = ok('openLever', { ...ETH, side: 'long', type: 'limit', price: '2000.00', lots: '10', multiple: 5 });
    const position = ok('openLever', { ...BTC, lots: '10', multiple: 100 });
    expect(account()).toMatchObject({ available: '135.000000', delegationFrozen: '802.000000', riskRate: '16.6166' });
    await price('BTC/USDT', '50300.00');
    expect(account()).toMatchObject({ unrealizedPnl: '-970.000000', riskRate: '0.4500' });
    // 60 margin − 970 − 2.515 fee: 912.515 to pay, 135 available; the newer delegation (401) and the older one are cancelled.
    ok('closeLever', { id: position.id });
    const orders = ok('listLeverOrders', undefined, { status: 'history' }).items;
    expect(orders.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([
      [position.id, 'closed'],
      [newer.id, 'cancelled'],
      [older.id, 'cancelled'],
    ]);
    expect(account()).toMatchObject({ balance: '24.485000', delegationFrozen: '0.000000' });
    expect(world.lever.absorbed.toFixed()).toBe('0');
  });

  it('a transfer out may take the available balance less the unrealized losses (profits do not count)', async () => {
    ok('openLever', { ...BTC, lots: '10', multiple: 10 });
    await price('BTC/USDT', '59000.00');
    const out = (amount: string) => call('transfer', { coin: 'USDT', from: 'lever', to: 'funds', amount });
    expect(out('297.000001')).toMatchObject({ code: 'insufficient_balance' });
    expect(out('297').type).toBe('ok');
    await price('BTC/USDT', '61000.00');
    expect(out('100.000001')).toMatchObject({ code: 'insufficient_balance' });
    expect(out('100').type).toBe('ok');
    expect(account()).toMatchObject({ available: '0.000000', positionMargin: '600.000000', unrealizedPnl: '100.000000' });
  });

  it('guards each coin apart: BTC in the lever account leaves while a loss holds back every USDT', async () => {
    ok('transfer', { coin: 'BTC', from: 'funds', to: 'lever', amount: '0.1' });
    ok('openLever', { ...BTC, lots: '10', multiple: 10 });
    await price('BTC/USDT', '56000.00'); // a 400 loss against 397 available: no USDT may leave
    expect(call('transfer', { coin: 'USDT', from: 'lever', to: 'funds', amount: '0.000001' })).toMatchObject({ code: 'insufficient_balance' });
    expect(call('transfer', { coin: 'BTC', from: 'lever', to: 'funds', amount: '0.1' }).type).toBe('ok');
    expect(world.ledger.balance(userId, 'lever', 'BTC').available.toFixed()).toBe('0');
  });

  it('a loss beyond the rest of the balance is taken from the margin of the other positions', async () => {
    const long = ok('openLever', { ...BTC, lots: '10', multiple: 20 });
    const short = ok('openLever', { ...BTC, side: 'short', lots: '10', multiple: 20 });
    expect(account()).toMatchObject({ available: '394.000000', positionMargin: '600.000000' });
    await price('BTC/USDT', '67000.00');
    // 300 margin − 700 − 3.35 fee: 403.35 to pay, 394 available, 9.35 from the long's margin.
    expect(ok('closeLever', { id: short.id })).toMatchObject({ realizedPnl: '-700.000000', closeFee: '3.350000' });
    expect(ok('listLeverOrders').items).toMatchObject([{ id: long.id, margin: '290.650000' }]);
    expect(account()).toMatchObject({
      balance: '290.650000',
      available: '0.000000',
      positionMargin: '290.650000',
      unrealizedPnl: '700.000000',
      riskRate: '3.4083',
    });
    expect(world.lever.absorbed.toFixed()).toBe('0');
  });

  it('a close the whole balance cannot pay settles the account whole: the other positions close too, their profit first', async () => {
    const long = ok('openLever', { ...BTC, lots: '10', multiple: 20 });
    const short = ok('openLever', { ...BTC, side: 'short', lots: '10', multiple: 20 });
    await price('BTC/USDT', '75000.00');
    expect(account()).toMatchObject({ equity: '994.000000' });
    expect(ok('closeLever', { id: short.id })).toMatchObject({ closeReason: 'user', realizedPnl: '-1500.000000' });
    expect(ok('listLeverOrders', undefined, { status: 'history' }).items[1]).toMatchObject({
      id: long.id,
      closeReason: 'liquidation',
      realizedPnl: '1500.000000',
    });
    // 994 − 3.75 − 3.75.
    expect(account()).toMatchObject({ balance: '986.500000', positionMargin: '0.000000' });
    expect(world.lever.absorbed.toFixed()).toBe('0');
  });

  it('refuses an open that would leave the account at the liquidation line', async () => {
    ok('openLever', { ...BTC, lots: '100', multiple: 100 });
    await price('BTC/USDT', '59200.00');
    // 300.75 available is enough, but (170 − 0.75) ÷ (600 + 300) is below 0.2.
    expect(call('openLever', { ...ETH, lots: '5', multiple: 5 })).toMatchObject({ code: 'insufficient_margin', params: { required: '300.750000' } });
    expect(ok('openLever', { ...ETH, lots: '5', multiple: 10 })).toMatchObject({ margin: '150.000000' });
  });
});

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
