/** Lever contracts through dispatch: terms and account, positions at market, delegations. */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { SYSTEM } from '../kernel/ledger';
import { account, BTC, call, ETH, lever, ok, price, system, useLeverWorld, world } from '../../core/test-lever';

useLeverWorld();

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
