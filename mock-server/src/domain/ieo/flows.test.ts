/** IEO through dispatch: states on the clock, bounds per user, oversubscribed pro-rata allocation with the refund, tokens at listing, the events, the ledger balanced. */
import Big from 'big.js';
import { beforeEach, describe, expect, it } from 'vitest';
import * as validate from '../../../../contracts/generated/socket-validators.js';
import { SYSTEM } from '../kernel/ledger';
import { World } from '../world';
import { route, type Delivery } from '../../core/realtime';
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
const funds = (coin: string) => balance(coin).available;

beforeEach(() => {
  world = new World({ seed: 8, freezeClock: true });
  demo = ok('login', { account: 'demo@example.com', password: 'Demo1234' }).token;
  delivered = [];
  route({ world: () => world, on: (e, l) => world.events.on(e, l), rooms: () => [], deliver: (d) => delivered.push(d) });
});

describe('IEO', () => {
  it('states follow the clock; a round takes subscriptions only while subscribing, within the per-user bounds', () => {
    expect(ok('listIeoProjects').map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([
      ['io_ton', 'subscribing'],
      ['io_arb', 'warm_up'],
      ['io_apt', 'ended'],
    ]);
    expect(call('subscribeIeo', { projectId: 'io_arb', quantity: '1000' })).toMatchObject({ code: 'ieo_not_open', params: { status: 'warm_up' } });
    expect(call('subscribeIeo', { projectId: 'io_apt', quantity: '10' })).toMatchObject({ code: 'ieo_not_open', params: { status: 'ended' } });
    expect(call('subscribeIeo', { projectId: 'io_ton', quantity: '5' }).code).toBe('ieo_quantity_out_of_range');
    expect(call('subscribeIeo', { projectId: 'io_ton', quantity: '10.001' }).code).toBe('amount_precision');
    ok('subscribeIeo', { projectId: 'io_ton', quantity: '1000' });
    expect(call('subscribeIeo', { projectId: 'io_ton', quantity: '19001' })).toMatchObject({ code: 'ieo_quantity_out_of_range', params: { max: '19000.00' } });
    expect(call('subscribeIeo', { projectId: 'io_ton', quantity: '2000' }).code).toBe('insufficient_balance');
    expect(ok('getIeoProject', undefined, { id: 'io_ton' }).requested).toBe('261000.00');
  });

  it('oversubscribed: allocated pro rata at the end, the rest refunded at once, the tokens at listing; every posting balances', () => {
    const sub = ok('subscribeIeo', { projectId: 'io_ton', quantity: '1000' });
    expect(sub).toMatchObject({ status: 'subscribed', paid: '5800.000000' });
    expect(funds('USDT')).toBe('4200.000000');
    world.clock.advance(2 * DAY);
    const [allocated] = ok('listIeoSubscriptions').items;
    // 200,000 for 261,000 requested: 1,000 × 200,000 / 261,000 = 766.28 TON.
    expect(allocated).toMatchObject({ status: 'allocated', allocated: '766.28', cost: '4444.424000', refund: '1355.576000' });
    expect(funds('USDT')).toBe('5555.576000');
    expect(funds('TON')).toBe('0.00');
    world.clock.advance(DAY);
    expect(ok('listIeoSubscriptions').items[0].status).toBe('distributed');
    expect(funds('TON')).toBe('766.28');
    const sums = new Map<number, Big>();
    for (const e of world.ledger.entries) sums.set(e.posting, (sums.get(e.posting) ?? new Big(0)).plus(e.available).plus(e.frozen));
    for (const v of sums.values()) expect(v.eq(0)).toBe(true);
    expect(world.ledger.balance(SYSTEM.ieo, 'funds', 'USDT').available.toString()).toBe('4444.424');
    const events = delivered.filter((d) => d.event === 'ieoSubscription');
    for (const d of events) expect(validate.ieoSubscription(d.payload)).toBe(true);
    expect(events.map((d) => (d.payload as { subscription: { status: string } }).subscription.status)).toEqual(['subscribed', 'allocated', 'distributed']);
  });
});
