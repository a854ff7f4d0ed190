/**
 * The P2P state machine and escrow under random actions by both sides, support and the clock:
 * every posting balances, an escrow is settled once (released or returned, never both), a final
 * order never moves again, and what is frozen in each fiat account is exactly the online sell
 * ads' reservations plus the open orders' escrow. Plus the rules one by one.
 */
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../kernel/errors';
import { Ledger, SYSTEM } from '../kernel/ledger';
import { allowed, FINAL, TRANSITIONS, type P2pAction, type P2pActor } from './machine';
import { Fiat } from './fiat';
import { P2P_OPEN_ORDER_LIMIT, P2P_TIMES, type Ad, type Order } from './model';
import { Scheduler } from '../kernel/scheduler';
import { World } from '../world';

const START = Date.UTC(2026, 0, 1, 8);

function market() {
  let now = START;
  const ledger = new Ledger(() => now);
  const scheduler = new Scheduler();
  const orders: Order[] = [];
  const p2p = new Fiat({
    seed: 9,
    now: () => now,
    ledger,
    scheduler,
    collections: (userId) => (userId === 'u_nopay' ? [] : [{ type: 'bank', name: userId, account: `IBAN-${userId}` }]),
    onOrder: (o) => orders.includes(o) || orders.push(o),
    onMessage: () => {},
    dropImage: () => {},
  });
  const fund = (owner: string, coin: string, amount: string) =>
    ledger.post(`fund-${owner}-${coin}`, 'deposit', [
      { owner: SYSTEM.external, kind: 'fiat', coin, available: new Big(amount).neg() },
      { owner, kind: 'fiat', coin, available: new Big(amount) },
    ]);
  const levels = { mobile: true, realName: true, advanced: false };
  fund('merchant:1', 'USDT', '100000');
  fund('merchant:2', 'USDT', '100000');
  fund('u1', 'USDT', '5000');
  fund('u2', 'USDT', '5000');
  const prompt = p2p.openStore('merchant:1', 'Prompt', 'prompt', levels);
  const silent = p2p.openStore('merchant:2', 'Silent', 'silent', levels);
  const mine = p2p.openStore('u2', 'Mine', 'user', levels);
  const ad = (storeId: string, side: 'sell' | 'buy', remaining: string): Ad =>
    p2p.publish(storeId, {
      side,
      coin: 'USDT',
      fiat: 'USD',
      price: new Big('1.02'),
      remaining: new Big(remaining),
      min: new Big('10'),
      max: new Big('2000'),
      payments: ['bank'],
    });
  const ads = [
    ad(prompt.id, 'sell', '10000'),
    ad(silent.id, 'sell', '10000'),
    ad(prompt.id, 'buy', '10000'),
    ad(mine.id, 'sell', '3000'),
    ad(mine.id, 'buy', '3000'),
  ];
  const advance = (ms: number) => {
    now += ms;
    scheduler.runDue(now);
  };
  return { p2p, ledger, orders, ads, advance, now: () => now };
}

type Market = ReturnType<typeof market>;

function checkInvariants({ p2p, ledger, orders }: Market, finals: Map<string, string>, reached: Set<string>) {
  const sums = new Map<string, Big>();
  for (const e of ledger.entries) sums.set(`${e.posting}|${e.coin}`, (sums.get(`${e.posting}|${e.coin}`) ?? new Big(0)).plus(e.available).plus(e.frozen));
  for (const [k, v] of sums) expect(v.eq(0), `posting ${k}`).toBe(true);
  for (const o of orders) {
    reached.add(o.status);
    if (o.appeal) reached.add(`appeal ${o.appeal.status}`);
    if (finals.has(o.id)) expect(o.status, `final order ${o.id} moved`).toBe(finals.get(o.id));
    if (FINAL.has(o.status)) {
      finals.set(o.id, o.status);
      expect(o.settled).toBe(o.status === 'completed' ? 'released' : 'returned');
    } else expect(o.settled).toBeUndefined();
  }
  // Frozen = online sell ads' reservations + open orders' escrow, per owner.
  const owners = new Set([...p2p.stores.values()].map((s) => s.owner).concat(orders.map((o) => o.seller)));
  for (const owner of owners) {
    const reserved = [...p2p.ads.values()]
      .filter((a) => a.online && a.side === 'sell' && p2p.stores.get(a.storeId)!.owner === owner)
      .reduce((s, a) => s.plus(a.remaining), new Big(0));
    const escrow = orders.filter((o) => o.seller === owner && !o.settled).reduce((s, o) => s.plus(o.quantity), new Big(0));
    expect(ledger.balance(owner, 'fiat', 'USDT').frozen.toString(), owner).toBe(reserved.plus(escrow).toString());
  }
}

const ACTIONS: P2pAction[] = ['pay', 'cancel', 'confirm', 'abnormal', 'appeal', 'withdraw_appeal', 'decide_buyer', 'decide_seller'];
const step = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const),
    who: fc.constantFrom('u1', 'u2', 'u_nopay'),
    ad: fc.nat(4),
    amount: fc.integer({ min: 1, max: 2500 }),
    byQuantity: fc.boolean(),
  }),
  // Mostly the side the action is for (so orders get far), sometimes anyone (so refusals are tried).
  {
    arbitrary: fc.record({
      kind: fc.constant('act' as const),
      order: fc.nat(30),
      action: fc.constantFrom(...ACTIONS),
      actor: fc.constant<P2pActor | 'right'>('right'),
    }),
    weight: 4,
  },
  fc.record({
    kind: fc.constant('act' as const),
    order: fc.nat(30),
    action: fc.constantFrom(...ACTIONS),
    actor: fc.constantFrom<P2pActor | 'right'>('buyer', 'seller', 'support'),
  }),
  fc.record({
    kind: fc.constant('clock' as const),
    ms: fc.constantFrom(30_000, P2P_TIMES.confirmMs, P2P_TIMES.payWindowMs, P2P_TIMES.appealMs, 26 * 3600_000),
  }),
  fc.record({ kind: fc.constant('shelf' as const), ad: fc.nat(4), online: fc.boolean() }),
  fc.record({ kind: fc.constant('edit' as const), ad: fc.nat(4), quantity: fc.integer({ min: 0, max: 12_000 }), max: fc.integer({ min: 5, max: 3000 }) }),
);

describe('P2P orders under random use', () => {
  it('keep the ledger balanced, settle each escrow once, never leave a final state, and freeze exactly reservations plus escrow', () => {
    const seen = new Map<string, number>();
    const reached = new Set<string>();
    const count = (k: string) => seen.set(k, (seen.get(k) ?? 0) + 1);
    fc.assert(
      fc.property(fc.array(step, { minLength: 20, maxLength: 60 }), (steps) => {
        const m = market();
        const finals = new Map<string, string>();
        for (const s of steps) {
          try {
            if (s.kind === 'place') {
              const ad = m.ads[s.ad];
              m.p2p.place(s.who, ad.id, s.byQuantity ? { quantity: new Big(s.amount) } : { amount: new Big(s.amount) });
              count('placed');
            } else if (s.kind === 'act') {
              const order = m.orders[s.order % Math.max(1, m.orders.length)];
              if (!order) continue;
              const actor = s.actor === 'right' ? (s.action === 'withdraw_appeal' ? (order.appeal?.by ?? 'buyer') : TRANSITIONS[s.action].actors[0]) : s.actor;
              m.p2p.act(order, s.action, actor);
              count(s.action);
            } else if (s.kind === 'clock') m.advance(s.ms);
            else if (s.kind === 'edit') {
              const ad = m.ads[s.ad];
              m.p2p.edit(ad, { price: ad.price, remaining: new Big(s.quantity), min: ad.min, max: new Big(s.max), payments: ad.payments });
              count('edit');
            } else m.p2p.setOnline(m.ads[s.ad], s.online);
          } catch (e) {
            if (!(e instanceof DomainError)) throw e;
            count(e.code);
          }
          checkInvariants(m, finals, reached);
        }
      }),
      { numRuns: 100, seed: 20261125 },
    );
    // The sequences reached the success paths, not only the refusals.
    for (const k of [
      'placed',
      'pay',
      'cancel',
      'appeal',
      'edit',
      'p2p_wrong_state',
      'p2p_order_closed',
      'p2p_out_of_limits',
      'p2p_not_your_action',
      'p2p_max_below_min',
      'insufficient_balance',
    ])
      expect(seen.get(k) ?? 0, k).toBeGreaterThan(0);
    for (const status of ['waiting_payment', 'paid', 'abnormal', 'appeal', 'completed', 'cancelled', 'appeal decided'])
      expect(reached, status).toContain(status);
  });
});

describe('P2P rules', () => {
  it('offers each side only its own actions for the state', () => {
    expect(allowed('waiting_payment', 'buyer')).toEqual(['pay', 'cancel']);
    expect(allowed('waiting_payment', 'seller')).toEqual(['cancel']);
    expect(allowed('paid', 'seller')).toEqual(['confirm', 'abnormal', 'appeal']);
    expect(allowed('completed', 'buyer')).toEqual([]);
  });

  it('a prompt merchant releases after the buyer pays; the coin moves from escrow to the buyer', () => {
    const m = market();
    const order = m.p2p.place('u1', m.ads[0].id, { amount: new Big('102') });
    expect(order).toMatchObject({ status: 'waiting_payment', buyer: 'u1', seller: 'merchant:1' });
    expect(order.quantity.toString()).toBe('100');
    expect(order.chat[0].text).toContain(order.reference);
    m.p2p.act(order, 'pay', 'buyer');
    m.advance(P2P_TIMES.confirmMs);
    expect(order.status).toBe('completed');
    expect(m.ledger.balance('u1', 'fiat', 'USDT').available.toString()).toBe('5100');
  });

  it('an unpaid order expires at its deadline; three buyer cancellations in a day stop buying until 00:00 UTC', () => {
    const m = market();
    const first = m.p2p.place('u1', m.ads[0].id, { amount: new Big('50') });
    m.advance(P2P_TIMES.payWindowMs);
    expect(first).toMatchObject({ status: 'cancelled', cancelledBy: 'timeout' });
    for (let i = 0; i < 2; i++) m.p2p.act(m.p2p.place('u1', m.ads[0].id, { amount: new Big('50') }), 'cancel', 'buyer');
    const refused = (() => {
      try {
        m.p2p.place('u1', m.ads[0].id, { amount: new Big('50') });
      } catch (e) {
        return e as DomainError;
      }
    })();
    expect(refused).toMatchObject({ code: 'p2p_buy_restricted', params: { until: Date.UTC(2026, 0, 2) } });
    // Selling is not restricted; buying resumes the next day.
    m.p2p.place('u1', m.ads[2].id, { amount: new Big('20') });
    m.advance(Date.UTC(2026, 0, 2) - m.now());
    expect(m.p2p.place('u1', m.ads[0].id, { amount: new Big('50') }).status).toBe('waiting_payment');
  });

  it('an appeal is decided for the buyer who paid, for the seller who reported the money missing, or withdrawn back', () => {
    const m = market();
    const silentAd = m.ads[1];
    const a = m.p2p.place('u1', silentAd.id, { amount: new Big('51') });
    m.p2p.act(a, 'pay', 'buyer');
    m.advance(P2P_TIMES.slowConfirmMs);
    expect(a.status).toBe('paid');
    m.p2p.act(a, 'appeal', 'buyer', undefined, { reason: 'No release' });
    m.advance(P2P_TIMES.appealMs);
    expect(a).toMatchObject({ status: 'completed', appeal: { status: 'decided', outcome: 'buyer' } });

    const b = m.p2p.place('u1', silentAd.id, { amount: new Big('51') });
    m.p2p.act(b, 'pay', 'buyer');
    m.p2p.act(b, 'abnormal', 'seller');
    m.p2p.act(b, 'appeal', 'seller');
    expect(() => m.p2p.act(b, 'withdraw_appeal', 'buyer')).toThrow('Only the side that appealed');
    m.p2p.act(b, 'withdraw_appeal', 'seller');
    expect(b).toMatchObject({ status: 'abnormal', appeal: { status: 'withdrawn' } });
    m.p2p.act(b, 'appeal', 'buyer');
    m.advance(P2P_TIMES.appealMs);
    expect(b).toMatchObject({ status: 'cancelled', cancelledBy: 'support', appeal: { outcome: 'seller' } });
  });

  it(`a buyer has at most ${P2P_OPEN_ORDER_LIMIT} unfinished orders at once: one more is refused and takes nothing from any ad`, () => {
    const m = market();
    // Simulated traders take u2's own ads: u2 is the buyer of the order on its buy ad, which is its store's, not one it placed.
    m.advance(P2P_TIMES.takeMs);
    expect(m.orders.some((o) => o.buyer === 'u2' && o.status === 'waiting_payment')).toBe(true);
    // u2 pays the trader who sold into its ad: the account is the trader's, not u2's own store.
    const taken = m.orders.find((o) => o.buyer === 'u2' && o.seller.startsWith('trader:'))!;
    expect(taken.payment.name).toBe(taken.seller);
    expect(taken.payment.name).not.toBe(m.p2p.storeOf('u2')!.name);
    const silent = m.ads[1];
    const open = Array.from({ length: P2P_OPEN_ORDER_LIMIT }, () => m.p2p.place('u2', silent.id, { amount: new Big('51') }));
    // Paid but never released by a silent merchant: still unfinished.
    m.p2p.act(open[0], 'pay', 'buyer');
    const left = m.ads.map((a) => a.remaining.toString());
    const refused = (() => {
      try {
        m.p2p.place('u2', m.ads[0].id, { amount: new Big('51') });
      } catch (e) {
        return e as DomainError;
      }
    })();
    expect(refused).toMatchObject({ code: 'p2p_too_many_open_orders', params: { max: P2P_OPEN_ORDER_LIMIT } });
    expect(m.ads.map((a) => a.remaining.toString())).toEqual(left);
    // Selling is not bounded by it, nor is another buyer; a cancelled order frees its place.
    m.p2p.place('u2', m.ads[2].id, { amount: new Big('20') });
    m.p2p.place('u1', silent.id, { amount: new Big('51') });
    m.p2p.act(open[1], 'cancel', 'buyer');
    expect(m.p2p.place('u2', silent.id, { amount: new Big('51') }).status).toBe('waiting_payment');
  });

  it('a sell ad the balance cannot reserve is refused and leaves nothing behind: no ad, no posting', () => {
    const m = market();
    // u2's store reserves 3,000 of its 5,000 USDT for its sell ad: 2,000 are left.
    const mine = m.p2p.stores.get(m.ads[3].storeId)!;
    const terms = {
      side: 'sell' as const,
      coin: 'USDT',
      fiat: 'USD',
      price: new Big('1.02'),
      remaining: new Big('2000.000001'),
      min: new Big('10'),
      max: new Big('2000'),
      payments: ['bank' as const],
    };
    const ads = m.p2p.ads.size;
    const entries = m.ledger.entries.length;
    expect(() => m.p2p.publish(mine.id, terms)).toThrow(expect.objectContaining({ code: 'insufficient_balance' }));
    expect(m.p2p.ads.size).toBe(ads);
    expect(m.ledger.entries.length).toBe(entries);
    const ad = m.p2p.publish(mine.id, { ...terms, remaining: new Big('2000') });
    expect(ad.online).toBe(true);
    expect(m.p2p.ads.size).toBe(ads + 1);
    expect(m.ledger.balance('u2', 'fiat', 'USDT').available.toString()).toBe('0');
  });

  it('refuses trading with your own ad, limits outside the ad, a seller without a payment method (997), and bad ads', () => {
    const m = market();
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return [(e as DomainError).code, (e as DomainError).type];
      }
    };
    expect(code(() => m.p2p.place('u2', m.ads[3].id, { amount: new Big('20') }))).toEqual(['p2p_own_ad', 'error']);
    expect(code(() => m.p2p.place('u1', m.ads[0].id, { amount: new Big('5') }))).toEqual(['p2p_out_of_limits', 'error']);
    expect(code(() => m.p2p.place('u_nopay', m.ads[2].id, { amount: new Big('20') }))).toEqual(['p2p_no_payment_method', '997']);
    const store = [...m.p2p.stores.values()][0];
    const bad = {
      side: 'sell' as const,
      coin: 'USDT',
      fiat: 'USD',
      price: new Big('1'),
      remaining: new Big('100'),
      min: new Big('50'),
      max: new Big('20'),
      payments: ['bank' as const],
    };
    expect(code(() => m.p2p.publish(store.id, bad))).toEqual(['p2p_max_below_min', 'error']);
    expect(code(() => m.p2p.publish(store.id, { ...bad, payments: [] }))).toEqual(['field_required', 'error']);
  });

  it("a simulated trader takes a merchant-user's new ad; the user confirms and the coin leaves escrow", () => {
    const m = market();
    m.advance(P2P_TIMES.takeMs);
    const taken = m.orders.find((o) => o.adId === m.ads[3].id)!;
    expect(taken).toMatchObject({ seller: 'u2', status: 'waiting_payment' });
    m.advance(P2P_TIMES.payMs);
    expect(taken.status).toBe('paid');
    m.p2p.act(taken, 'confirm', 'seller');
    expect(taken.status).toBe('completed');
    expect(m.ledger.balance(taken.buyer, 'fiat', 'USDT').available.toString()).toBe(taken.quantity.toString());
  });
});

describe("the mock's merchants", () => {
  it("open six stores with ads online, each sell ad reserved in the merchant's fiat account, and a world order goes through", () => {
    const world = new World({ seed: 3, freezeClock: true });
    expect(world.fiat.stores.size).toBe(6);
    const ads = [...world.fiat.ads.values()];
    expect(ads.every((a) => a.online)).toBe(true);
    expect(new Set(ads.map((a) => a.fiat))).toEqual(new Set(['USD', 'EUR', 'CNY', 'BRL', 'VND', 'TRY']));
    const harbor = [...world.fiat.stores.values()].find((s) => s.name === 'Harbor OTC')!;
    const reserved = ads.filter((a) => a.storeId === harbor.id && a.side === 'sell' && a.coin === 'USDT').reduce((s, a) => s.plus(a.remaining), new Big(0));
    expect(world.ledger.balance(harbor.owner, 'fiat', 'USDT').frozen.toString()).toBe(reserved.toString());
    const demo = world.accounts.idOf('demo@example.com')!;
    const ad = ads.find((a) => a.storeId === harbor.id && a.side === 'sell' && a.fiat === 'USD' && a.coin === 'USDT')!;
    const order = world.fiat.place(demo, ad.id, { quantity: new Big('100') });
    world.fiat.act(order, 'pay', 'buyer');
    world.clock.advance(P2P_TIMES.confirmMs);
    expect(order.status).toBe('completed');
    expect(world.ledger.balance(demo, 'fiat', 'USDT').available.toString()).toBe('100');
  });
});
