/**
 * P2P trust signals (issue #36 item 9): a store's 30-day record (completion rate as the contract
 * defines it, average release time from real paid→released intervals, on the virtual clock's
 * 30-day window), the merchant's presence, order numbers unique by construction, and store names
 * bounded, trimmed and unique ignoring case.
 */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../kernel/errors';
import { Ledger, SYSTEM } from '../kernel/ledger';
import { Scheduler } from '../kernel/scheduler';
import { Fiat } from './fiat';
import { P2P_TIMES, type Store } from './model';
import { orderNumber, permute } from './order-number';
import { storeStats, presence } from './stats';
import { checkStoreName, defaultStoreName } from './store-names';

const START = Date.UTC(2026, 0, 1, 8);
const DAY = 86_400_000;

/** Two users' stores on a manual clock: `merchant` sells and buys USDT for USD, `buyer` trades with it. */
function market() {
  let now = START;
  const ledger = new Ledger(() => now);
  const scheduler = new Scheduler();
  const p2p = new Fiat({
    seed: 11,
    now: () => now,
    ledger,
    scheduler,
    collections: (userId) => [{ type: 'bank', name: userId, account: `IBAN-${userId}` }],
    onOrder: () => {},
    onMessage: () => {},
    dropImage: () => {},
  });
  for (const owner of ['merchant', 'buyer'])
    ledger.post(`fund-${owner}`, 'deposit', [
      { owner: SYSTEM.external, kind: 'fiat', coin: 'USDT', available: new Big('-100000') },
      { owner, kind: 'fiat', coin: 'USDT', available: new Big('100000') },
    ]);
  // Not a 'user' store: no simulated trader takes its ads (the test places every order); no working hours either.
  const store = p2p.openStore('merchant', 'Desk', 'prompt', { mobile: true, realName: true, advanced: false });
  delete store.hours;
  const terms = {
    coin: 'USDT',
    fiat: 'USD',
    price: new Big('1'),
    remaining: new Big('50000'),
    min: new Big('10'),
    max: new Big('1000'),
    payments: ['bank' as const],
  };
  const sell = p2p.publish(store.id, { side: 'sell', ...terms });
  const buy = p2p.publish(store.id, { side: 'buy', ...terms });
  const advance = (ms: number) => {
    now += ms;
    scheduler.runDue(now);
  };
  const stats = () =>
    storeStats(
      store,
      [...p2p.orders.values()].filter((o) => o.storeId === store.id),
      now,
    );
  /** The buyer buys from the sell ad and pays; the merchant releases `releaseMs` later. */
  const sale = (releaseMs: number) => {
    const o = p2p.place('buyer', sell.id, { amount: new Big('100') });
    p2p.act(o, 'pay', 'buyer');
    advance(releaseMs);
    p2p.act(o, 'confirm', 'seller');
    return o;
  };
  return { p2p, store, sell, buy, advance, stats, sale, now: () => now };
}

describe('a store record over the last 30 days', () => {
  it('a store without orders has no rate and no release time (the app says "New store")', () => {
    const m = market();
    expect(m.stats()).toMatchObject({ totalOrders: 0, orders30d: 0, completionRate: '0.0000' });
    expect(m.stats().completionRate30d).toBeUndefined();
    expect(m.stats().avgReleaseSeconds).toBeUndefined();
  });

  it('completion rate = completed ÷ (completed + ended against the merchant); the buyer cancelling or letting it lapse does not count', () => {
    const m = market();
    m.sale(60_000);
    m.sale(60_000);
    // The buyer cancels one and lets another lapse: not the merchant's doing.
    m.p2p.act(m.p2p.place('buyer', m.sell.id, { amount: new Big('50') }), 'cancel', 'buyer');
    m.p2p.place('buyer', m.sell.id, { amount: new Big('50') });
    m.advance(P2P_TIMES.payWindowMs);
    expect(m.stats()).toMatchObject({ totalOrders: 4, orders30d: 4, completionRate30d: '1.0000' });
    // The merchant cancels one it sells: against it.
    m.p2p.act(m.p2p.place('buyer', m.sell.id, { amount: new Big('50') }), 'cancel', 'seller');
    expect(m.stats().completionRate30d).toBe('0.6666');
    // Buying on its own buy ad, the merchant does not pay in time: against it too.
    m.p2p.place('buyer', m.buy.id, { amount: new Big('50') });
    m.advance(P2P_TIMES.payWindowMs);
    expect(m.stats()).toMatchObject({ totalOrders: 6, completedOrders: 2, completionRate: '0.3333', completionRate30d: '0.5000' });
  });

  it('the average release time is the mean of the real paid → released intervals of the merchant’s own releases, in whole seconds', () => {
    const m = market();
    m.sale(60_000);
    m.sale(3 * 60_000 + 1_500);
    expect(m.stats().avgReleaseSeconds).toBe(120);
    // A sale decided by support after an appeal is not the merchant's speed.
    const appealed = m.p2p.place('buyer', m.sell.id, { amount: new Big('100') });
    m.p2p.act(appealed, 'pay', 'buyer');
    m.p2p.act(appealed, 'appeal', 'buyer', undefined, { reason: 'not released' });
    m.advance(P2P_TIMES.appealMs);
    expect(appealed.status).toBe('completed');
    expect(m.stats().avgReleaseSeconds).toBe(120);
  });

  it('counts only the last 30 days of the virtual clock: older orders leave the record, not the all-time totals', () => {
    const m = market();
    m.sale(60_000);
    m.advance(20 * DAY);
    m.sale(5 * 60_000);
    expect(m.stats()).toMatchObject({ orders30d: 2, avgReleaseSeconds: 180 });
    m.advance(10 * DAY);
    expect(m.stats()).toMatchObject({ totalOrders: 2, orders30d: 1, completionRate30d: '1.0000', avgReleaseSeconds: 300 });
    m.advance(21 * DAY);
    const s = m.stats();
    expect(s).toMatchObject({ totalOrders: 2, completedOrders: 2, orders30d: 0 });
    expect(s.completionRate30d).toBeUndefined();
    expect(s.avgReleaseSeconds).toBeUndefined();
  });
});

describe('presence', () => {
  it('a merchant is online for 15 minutes after doing something in its store, then last seen then', () => {
    const m = market();
    expect(presence(m.store, m.now())).toEqual({ online: true, lastSeenAt: START });
    m.advance(P2P_TIMES.onlineMs);
    expect(presence(m.store, m.now())).toEqual({ online: false, lastSeenAt: START });
    // A step of one of its orders brings it back.
    m.sale(60_000);
    expect(presence(m.store, m.now())).toEqual({ online: true, lastSeenAt: m.now() });
  });

  it('a simulated merchant is online within its seeded working hours, and was last seen at their end', () => {
    const m = market();
    const sim = m.p2p.openStore('merchant:9', 'Sim', 'prompt', { mobile: true, realName: true, advanced: false }, START - 100 * DAY);
    const { start, length } = sim.hours!;
    expect(length).toBeGreaterThanOrEqual(6);
    const dayStart = Date.UTC(2026, 0, 5);
    expect(presence(sim, dayStart + start * 3_600_000 + 60_000).online).toBe(true);
    const after = dayStart + (start + length) * 3_600_000 + 30 * 60_000;
    expect(presence(sim, after)).toEqual({ online: false, lastSeenAt: after - 30 * 60_000 });
    // The same seed and store: the same hours.
    const again = new Fiat({ ...m.p2p.deps }).openStore('merchant:9', 'Sim', 'prompt', sim.levels);
    expect(again.hours).toEqual(sim.hours);
  });
});

describe('order numbers', () => {
  it('the permutation is one-to-one: 20,000 counts give 20,000 numbers, not in sequence', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 20_000; i++) seen.add(permute(7, i));
    expect(seen.size).toBe(20_000);
    const first = [0, 1, 2, 3].map((i) => permute(7, i));
    expect(first[1] - first[0]).not.toBe(1);
    expect(new Set(first.map((n, i) => n - i)).size).toBeGreaterThan(1);
    // Another world's key, other numbers.
    expect([0, 1, 2, 3].map((i) => permute(8, i))).not.toEqual(first);
  });

  it('reads as the UTC date and 8 digits; every order of a world has its own, and the id is not in it', () => {
    const m = market();
    const orders = [m.sale(1000), m.sale(1000), m.p2p.place('buyer', m.sell.id, { amount: new Big('10') })];
    for (const o of orders) {
      expect(o.orderNo).toMatch(/^260101\d{8}$/);
      expect(o.id).not.toContain(o.orderNo.slice(6));
    }
    expect(new Set(orders.map((o) => o.orderNo)).size).toBe(3);
    expect(orderNumber(11, 0, Date.UTC(2027, 11, 31, 23))).toMatch(/^271231/);
  });
});

describe('store names', () => {
  const stores = [{ name: 'Harbor OTC' }, { name: 'Lotus Exchange' }] as Store[];
  const code = (raw: string, except?: Store) => {
    try {
      checkStoreName(raw, stores, except);
      return null;
    } catch (e) {
      return (e as DomainError).code;
    }
  };

  it('trimmed and collapsed, 2 to 24 characters, no control characters', () => {
    expect(checkStoreName('  Demo \u00a0  Desk ', stores)).toBe('Demo Desk');
    expect(code(' D ')).toBe('text_too_short');
    expect(code('x'.repeat(25))).toBe('text_too_long');
    expect(code('x'.repeat(24))).toBeNull();
    expect(code('\u200b\u200b')).toBe('text_empty');
    expect(code('Desk\u202Eevil')).toBe('text_invalid_characters');
  });

  it('unique among stores ignoring case and full-width forms; a store may keep its own name in another case', () => {
    expect(code('harbor otc')).toBe('p2p_store_name_taken');
    expect(code('Ｈａｒｂｏｒ ＯＴＣ')).toBe('p2p_store_name_taken');
    expect(code(' HARBOR   OTC ')).toBe('p2p_store_name_taken');
    expect(code('HARBOR OTC', stores[0])).toBeNull();
    expect(code('Harbor OTC 2')).toBeNull();
  });

  it('without a choice, the nickname, numbered when taken, cut to fit', () => {
    expect(defaultStoreName('demo', stores)).toBe('demo');
    expect(defaultStoreName('harbor otc', stores)).toBe('harbor otc 2');
    expect(defaultStoreName('x', stores)).toBe('Store');
    const long = 'a'.repeat(30);
    expect(defaultStoreName(long, [...stores, { name: 'a'.repeat(24) } as Store])).toBe(`${'a'.repeat(22)} 2`);
  });
});
