/** Lever contracts through dispatch: cross margin, liquidation and transfers out. */
import { describe, expect, it } from 'vitest';
import { SYSTEM } from '../kernel/ledger';
import { account, BTC, call, ETH, lever, ok, price, system, useLeverWorld, userId, world } from '../../core/test-lever';

useLeverWorld();

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
