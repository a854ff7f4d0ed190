/** Earn products through dispatch: lock-up mining with a daily yield and early redemption, mining machines and their stock, savings at maturity, the positions list, the events, the `earning` scenario. */
import { beforeEach, describe, expect, it } from 'vitest';
import * as validate from '../../../../contracts/generated/socket-validators.js';
import { World } from '../world';
import { route, userRoom, type Delivery } from '../../core/realtime';
import { asSession } from '../../core/test-client';

const DAY = 86_400_000;
let world: World;
let demo: string;
let delivered: Delivery[];

const {
  call,
  ok,
  funds: balance,
} = asSession(
  () => world,
  () => demo,
);
const funds = (coin = 'USDT') => balance(coin);

const login = () => ok('login', { account: 'demo@example.com', password: 'Demo1234' }).token;
/** Moves the virtual clock on; a session does not outlive weeks of it, so log in again. */
const later = (ms: number) => {
  world.clock.advance(ms);
  demo = login();
};

beforeEach(() => {
  world = new World({ seed: 8, freezeClock: true });
  demo = login();
  delivered = [];
  route({ world: () => world, on: (e, l) => world.events.on(e, l), rooms: () => [], deliver: (d) => delivered.push(d) });
});

describe('earn products', () => {
  it('lock-up: the amount leaves the funds account, a yield lands each day, redeeming early returns it less the stated penalty', () => {
    const position = ok('lockFunds', { productId: 'lk_usdt_30', amount: '1000' });
    expect(position).toMatchObject({ status: 'running', payout: '0.400000', total: '12.000000', periods: 30, earlyPenaltyRate: '0.02000000' });
    expect(funds().available).toBe('9000.000000');
    world.clock.advance(3 * DAY + 1000);
    const [mine] = ok('listEarnPositions', undefined, { kind: 'lock' }).items;
    expect(mine).toMatchObject({ paid: 3, earned: '1.200000', nextAt: position.startAt + 4 * DAY });
    expect(funds().available).toBe('9001.200000');
    const redeemed = ok('redeemLock', { id: position.id });
    expect(redeemed).toMatchObject({ status: 'redeemed', penalty: '20.000000' });
    expect(funds().available).toBe('9981.200000');
    expect(call('redeemLock', { id: position.id }).code).toBe('earn_position_closed');
    world.clock.advance(5 * DAY);
    expect(funds().available).toBe('9981.200000');
    const events = delivered.filter((d) => d.event === 'earnPosition');
    expect(events.every((d) => d.room === userRoom(world.accounts.idOf('demo@example.com')!))).toBe(true);
    for (const d of events) expect(validate.earnPosition(d.payload)).toBe(true);
    expect(events.map((d) => (d.payload as { position: { paid: number; status: string } }).position.status)).toEqual([
      'running',
      'running',
      'running',
      'running',
      'redeemed',
    ]);
  });

  it('lock-up refuses: a product not open, an amount out of bounds or too precise, a product without early redemption', () => {
    expect(call('lockFunds', { productId: 'lk_usdt_90', amount: '1000' })).toMatchObject({ code: 'earn_not_open', params: { status: 'not_started' } });
    expect(call('lockFunds', { productId: 'lk_eth_14', amount: '1' })).toMatchObject({ code: 'earn_not_open', params: { status: 'expired' } });
    expect(call('lockFunds', { productId: 'lk_usdt_30', amount: '200000' }).code).toBe('earn_amount_out_of_range');
    expect(call('lockFunds', { productId: 'lk_usdt_30', amount: '600.0000001' }).code).toBe('amount_precision');
    expect(call('lockFunds', { productId: 'lk_usdt_7', amount: '60000' }).code).toBe('earn_amount_out_of_range');
    expect(call('lockFunds', { productId: 'lk_usdt_7', amount: '20000' }).code).toBe('insufficient_balance');
    const seven = ok('lockFunds', { productId: 'lk_usdt_7', amount: '100' });
    expect(call('redeemLock', { id: seven.id }).code).toBe('earn_no_early_redemption');
    later(7 * DAY);
    expect(ok('listEarnPositions', undefined, { status: 'ended' }).items[0]).toMatchObject({ id: seven.id, status: 'ended', earned: '0.210000' });
    expect(funds().available).toBe('10000.210000');
  });

  it('machines: the price is paid, the output lands daily in its coin, the stock runs out', () => {
    const btcBefore = funds('BTC').available;
    const order = ok('buyMachine', { machineId: 'mc_l7', quantity: 2 });
    expect(order).toMatchObject({ price: '300.000000', quantity: 2, payoutCoin: 'USDT', payout: '1.900000', total: '380.000000' });
    expect(call('buyMachine', { machineId: 'mc_l7', quantity: 2 })).toMatchObject({ code: 'earn_stock_short', params: { stock: 1 } });
    ok('buyMachine', { machineId: 'mc_l7', quantity: 1 });
    expect(call('buyMachine', { machineId: 'mc_l7', quantity: 1 }).code).toBe('earn_sold_out');
    expect(ok('listMiningMachines').find((m: { id: string }) => m.id === 'mc_l7')).toMatchObject({ stock: 0, status: 'sold_out' });
    ok('buyMachine', { machineId: 'mc_s19', quantity: 1 });
    world.clock.advance(2 * DAY);
    expect(funds('BTC').available).toBe(String((Number(btcBefore) + 0.00008).toFixed(8)));
    expect(call('buyMachine', { machineId: 'mc_s21', quantity: 40 }).code).toBe('insufficient_balance');
  });

  it('savings: interest and amount at maturity, the total deposit grows, nothing in between', () => {
    const before = ok('listSavingsProducts').find((p: { id: string }) => p.id === 'sv_usdt_90').totalDeposit;
    const deposit = ok('depositSavings', { productId: 'sv_usdt_90', amount: '2000' });
    expect(deposit).toMatchObject({ payout: '24.657534', periods: 1, periodDays: 90, nextAt: deposit.endAt });
    expect(Number(ok('listSavingsProducts').find((p: { id: string }) => p.id === 'sv_usdt_90').totalDeposit) - Number(before)).toBe(2000);
    later(89 * DAY);
    expect(funds().available).toBe('8000.000000');
    later(DAY);
    expect(funds().available).toBe('10024.657534');
    expect(ok('listEarnPositions', undefined, { kind: 'savings' }).items[0]).toMatchObject({ status: 'ended', earned: '24.657534' });
  });

  it('the earning scenario gives the demo one position of each kind, paid up to now', () => {
    world = new World({ seed: 8, freezeClock: true, scenario: 'earning' });
    demo = login();
    const items = ok('listEarnPositions').items as Array<{ kind: string; paid: number; status: string }>;
    expect(items.map((p) => [p.kind, p.paid, p.status])).toEqual([
      ['savings', 0, 'running'],
      ['machine', 5, 'running'],
      ['lock', 3, 'running'],
    ]);
  });
});
