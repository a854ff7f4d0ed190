/** Lever contracts through dispatch: closing part of a position, and close orders (a position, or part of it, closed at a limit price). */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { SYSTEM } from '../kernel/ledger';
import { account, BTC, call, ETH, lever, ok, price, system, useLeverWorld, world } from '../../core/test-lever';

useLeverWorld();

const history = () => ok('listLeverOrders', undefined, { status: 'history' }).items;
const positions = () => ok('listLeverOrders').items;

/** A second user, logged in (their token). */
function otherUser(): string {
  call('sendCode', { account: 'other@example.com', scene: 'register' }, {}, undefined);
  const form = { accountType: 'email', account: 'other@example.com', code: '123456', password: 'Other2026!', confirmPassword: 'Other2026!', agree: true };
  expect(call('register', form, {}, undefined).type).toBe('ok');
  return call('login', { account: 'other@example.com', password: 'Other2026!' }, {}, undefined).message.token;
}

describe('closing part of a position', () => {
  it('closes the lots asked for: the part is a closed order of its own, the position keeps the rest; margin released in proportion', async () => {
    const order = ok('openLever', { ...BTC, lots: '4', multiple: 10 });
    await price('BTC/USDT', '61000.00');
    const events: Array<{ id: string; status: string }> = [];
    const accounts: string[] = [];
    world.events.on('leverOrder', ({ order: o }) => events.push({ id: o.id, status: o.status }));
    world.events.on('leverAccount', ({ account: a }) => accounts.push(a.balance));
    const part = ok('closeLever', { id: order.id, lots: '1' });
    expect(part.id).not.toBe(order.id);
    expect(part).toMatchObject({
      closedFrom: order.id,
      status: 'closed',
      closeReason: 'user',
      lots: '1',
      quantity: '0.01000',
      openPrice: '60000.00',
      closePrice: '61000.00',
      margin: '60.000000',
      openFee: '0.300000',
      realizedPnl: '10.000000',
      closeFee: '0.305000',
    });
    const [rest] = positions();
    expect(rest).toMatchObject({ id: order.id, status: 'dealing', lots: '3', quantity: '0.03000', margin: '180.000000', openFee: '0.900000' });
    expect(rest.closedFrom).toBeUndefined();
    // 1000 − 1.2 opening fee + 10 profit − 0.305 closing fee; the rest's 180 margin stays frozen.
    expect(account()).toMatchObject({ balance: '1008.495000', available: '828.495000', positionMargin: '180.000000', unrealizedPnl: '30.000000' });
    expect(system(SYSTEM.fees)).toBe('1.505');
    expect(history().map((o: { id: string }) => o.id)).toEqual([part.id]);
    // The existing events: each order once, the account once.
    expect(events).toEqual([
      { id: order.id, status: 'dealing' },
      { id: part.id, status: 'closed' },
    ]);
    expect(accounts).toEqual(['1008.495000']);
  });

  it('closing in parts at one price settles, to the micro-USDT, what one close of the same position does', async () => {
    await price('BTC/USDT', '60000.03');
    const whole = ok('openLever', { ...BTC, lots: '3', multiple: 20 });
    const split = ok('openLever', { ...BTC, lots: '3', multiple: 20 });
    await price('BTC/USDT', '61234.51');
    const before = account().balance;
    const one = ok('closeLever', { id: whole.id });
    const afterOne = account().balance;
    // Each part's own fee rounded up (0.306173 + 0.612346) would be a micro-USDT more than the whole's (0.918518).
    const first = ok('closeLever', { id: split.id, lots: '1' });
    const last = ok('closeLever', { id: split.id, lots: '2' });
    expect(last).toMatchObject({ id: split.id, lots: '2', status: 'closed' });
    const sum = (field: string) => new Big(first[field]).plus(last[field]).toFixed(6);
    for (const field of ['realizedPnl', 'closeFee', 'margin', 'openFee', 'overnightFee']) expect(sum(field), field).toBe(one[field]);
    expect(one.closeFee).toBe('0.918518');
    const credited = (a: string, b: string) => new Big(b).minus(a).toFixed(6);
    expect(credited(afterOne, account().balance)).toBe(credited(before, afterOne));
    expect(account()).toMatchObject({ positionMargin: '0.000000' });
  });

  it('refuses lots beyond the open size, zero, not a whole step, negative or too precise; nothing changes', async () => {
    const order = ok('openLever', { ...BTC, lots: '4', multiple: 10 });
    const bounds = { code: 'lots_out_of_bounds', params: { min: '1', max: '4', step: '1' } };
    expect(call('closeLever', { id: order.id, lots: '5' })).toMatchObject(bounds);
    expect(call('closeLever', { id: order.id, lots: '0' })).toMatchObject(bounds);
    expect(call('closeLever', { id: order.id, lots: '1.5' })).toMatchObject(bounds);
    expect(call('closeLever', { id: order.id, lots: '-1' })).toMatchObject({ code: 'amount_invalid', params: { field: 'lots' } });
    expect(call('closeLever', { id: order.id, lots: '1.0000000000000000001' })).toMatchObject({ code: 'amount_invalid' });
    expect(positions()[0]).toMatchObject({ lots: '4', margin: '240.000000' });
    expect(history()).toEqual([]);
  });

  it('only the owner can close a part', () => {
    const order = ok('openLever', { ...BTC, lots: '4', multiple: 10 });
    const other = otherUser();
    expect(call('closeLever', { id: order.id, lots: '1' }, {}, other)).toMatchObject({ code: 'not_found' });
    expect(positions()[0].lots).toBe('4');
  });
});

describe('close orders', () => {
  it('rests on the position with nothing frozen, and closes its lots at its price when the price reaches it', async () => {
    const order = ok('openLever', { ...BTC, lots: '2', multiple: 10 });
    const frozen = lever().frozen.toFixed();
    const placed = ok('placeLeverCloseOrder', { id: order.id, price: '61000.00', lots: '1' });
    expect(placed).toMatchObject({ id: order.id, status: 'dealing', lots: '2', closeOrder: { price: '61000.00', lots: '1', time: world.clock.now() } });
    expect(lever().frozen.toFixed()).toBe(frozen);
    await price('BTC/USDT', '60900.00');
    expect(positions()[0].lots).toBe('2');
    // A gap past it: the close order fills at its own price.
    await price('BTC/USDT', '61500.00');
    const [part] = history();
    expect(part).toMatchObject({ closedFrom: order.id, lots: '1', closePrice: '61000.00', realizedPnl: '10.000000', closeReason: 'close_order' });
    const [rest] = positions();
    expect(rest).toMatchObject({ id: order.id, lots: '1' });
    expect(rest.closeOrder).toBeUndefined();
  });

  it("a short's close order for all its lots closes the position when the price falls to it", async () => {
    const order = ok('openLever', { ...ETH, lots: '2', multiple: 10 });
    ok('placeLeverCloseOrder', { id: order.id, price: '2900.00' });
    await price('ETH/USDT', '2950.00');
    expect(positions()).toHaveLength(1);
    await price('ETH/USDT', '2890.00');
    expect(positions()).toEqual([]);
    const [closed] = history();
    expect(closed).toMatchObject({ id: order.id, closePrice: '2900.00', realizedPnl: '20.000000', closeReason: 'close_order' });
    expect(closed.closeOrder).toBeUndefined();
  });

  it('a price the market has already reached closes at once, at the last price (no worse than the limit)', async () => {
    const order = ok('openLever', { ...BTC, lots: '1', multiple: 10 });
    await price('BTC/USDT', '60500.00');
    const answer = ok('placeLeverCloseOrder', { id: order.id, price: '60200.00' });
    expect(answer).toMatchObject({ id: order.id, status: 'closed', closePrice: '60500.00', realizedPnl: '5.000000', closeReason: 'close_order' });
  });

  it('is cancelled with its position: closed by the user, or liquidated, first', async () => {
    const closed = ok('openLever', { ...BTC, lots: '1', multiple: 10 });
    ok('placeLeverCloseOrder', { id: closed.id, price: '62000.00' });
    expect(ok('closeLever', { id: closed.id }).closeOrder).toBeUndefined();
    expect(call('cancelLeverCloseOrder', { id: closed.id })).toMatchObject({ code: 'order_closed' });

    const risky = ok('openLever', { ...BTC, lots: '100', multiple: 100 });
    ok('placeLeverCloseOrder', { id: risky.id, price: '65000.00' });
    await price('BTC/USDT', '55000.00');
    const [liquidated] = history();
    expect(liquidated).toMatchObject({ id: risky.id, closeReason: 'liquidation' });
    expect(liquidated.closeOrder).toBeUndefined();
    // The price reaching the old close price does nothing more.
    await price('BTC/USDT', '65000.00');
    expect(history()).toHaveLength(2);
  });

  it('a part closed first shrinks a close order larger than what remains', async () => {
    const order = ok('openLever', { ...BTC, lots: '3', multiple: 10 });
    ok('placeLeverCloseOrder', { id: order.id, price: '61000.00', lots: '3' });
    ok('closeLever', { id: order.id, lots: '2' });
    expect(positions()[0]).toMatchObject({ lots: '1', closeOrder: { price: '61000.00', lots: '1' } });
  });

  it('can be replaced and cancelled; refuses bad prices and lots', () => {
    const order = ok('openLever', { ...BTC, lots: '2', multiple: 10 });
    expect(call('cancelLeverCloseOrder', { id: order.id })).toMatchObject({ code: 'not_found' });
    ok('placeLeverCloseOrder', { id: order.id, price: '61000.00' });
    expect(ok('placeLeverCloseOrder', { id: order.id, price: '62000.00', lots: '1' }).closeOrder).toMatchObject({ price: '62000.00', lots: '1' });
    const cancelled = ok('cancelLeverCloseOrder', { id: order.id });
    expect(cancelled.closeOrder).toBeUndefined();
    expect(call('placeLeverCloseOrder', { id: order.id, price: '0' })).toMatchObject({ code: 'amount_invalid', params: { field: 'price' } });
    expect(call('placeLeverCloseOrder', { id: order.id, price: '61000.001' })).toMatchObject({ code: 'amount_precision', params: { places: 2 } });
    expect(call('placeLeverCloseOrder', { id: order.id, price: '61000.00', lots: '3' })).toMatchObject({ code: 'lots_out_of_bounds' });
    const delegation = ok('openLever', { ...BTC, type: 'limit', price: '50000.00', lots: '1', multiple: 10 });
    expect(call('placeLeverCloseOrder', { id: delegation.id, price: '61000.00' })).toMatchObject({ code: 'order_closed' });
    expect(positions()[0].closeOrder).toBeUndefined();
  });

  it('only the owner can place or cancel one', () => {
    const order = ok('openLever', { ...BTC, lots: '2', multiple: 10 });
    ok('placeLeverCloseOrder', { id: order.id, price: '61000.00' });
    const other = otherUser();
    expect(call('placeLeverCloseOrder', { id: order.id, price: '70000.00' }, {}, other)).toMatchObject({ code: 'not_found' });
    expect(call('cancelLeverCloseOrder', { id: order.id }, {}, other)).toMatchObject({ code: 'not_found' });
    expect(positions()[0].closeOrder).toMatchObject({ price: '61000.00', lots: '2' });
  });
});
