/**
 * Property test of second contracts through the public API: random purchases (valid or not) by
 * two users, price moves (held or walking on) and clock jumps never break an invariant: postings
 * balance, no user balance goes negative, the second-contract money is only moved between the
 * users and the platform, the frozen balance is the stake of the running contracts, every contract
 * settles exactly once at its expiry second, and its result follows from its purchase and final
 * prices alone, a win paying stake × payoutRate rounded down.
 */
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OperationId } from '../../../../contracts/generated/operations';
import { send } from '../../core/test-client';
import { World } from '../world';
import type { SecondOrder } from './second';

const SYMBOLS = ['BTC/USDT', 'DOGE/USDT'] as const;
type Sym = (typeof SYMBOLS)[number];

type Step =
  | { op: 'buy'; who: number; symbol: Sym; up: boolean; period: number; stake: string }
  | { op: 'price'; symbol: Sym; permille: number; hold: boolean }
  | { op: 'clock'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant('buy' as const),
      who: fc.integer({ min: 0, max: 1 }),
      symbol: fc.constantFrom(...SYMBOLS),
      up: fc.boolean(),
      period: fc.oneof({ arbitrary: fc.constantFrom(30, 60, 120, 300), weight: 5 }, fc.constant(45)),
      stake: fc.oneof({ arbitrary: fc.integer({ min: 10, max: 400 }).map(String), weight: 5 }, fc.constantFrom('9.99', '0', '12.5', '60000')),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('price' as const),
      symbol: fc.constantFrom(...SYMBOLS),
      permille: fc.integer({ min: -20, max: 20 }),
      hold: fc.boolean(),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ op: fc.constant('clock' as const), ms: fc.constantFrom(1_000, 7_000, 30_000, 61_000, 300_000, 600_000) }), weight: 3 },
);

function setup() {
  const world = new World({ seed: 91, freezeClock: true });
  const tokens: string[] = [];
  const call = (i: number | null, operationId: OperationId, body?: unknown, query: Record<string, string> = {}) =>
    send(world, operationId, { body, query, token: i === null ? undefined : tokens[i] }).body;
  tokens.push(call(null, 'login', { account: 'demo@example.com', password: 'Demo1234' }).message.token);
  call(null, 'sendCode', { account: 'other@example.com', scene: 'register' });
  const other = { accountType: 'email', account: 'other@example.com', code: '123456', password: 'Other2026!', confirmPassword: 'Other2026!', agree: true };
  expect(call(null, 'register', other).type).toBe('ok');
  tokens.push(call(null, 'login', { account: 'other@example.com', password: 'Other2026!' }).message.token);
  const users = tokens.map((t) => world.accounts.record(t).id);
  world.wallet.seedBalance(users[1], 'USDT', '1000');
  for (let i = 0; i < 2; i++) expect(call(i, 'transfer', { coin: 'USDT', from: 'funds', to: 'second', amount: '1000' }).type).toBe('ok');
  return { world, call, users };
}

const sum = (list: Big[]) => list.reduce((s, v) => s.plus(v), new Big(0));

describe('second-contract invariants under random use', () => {
  it('hold after every step of any sequence', () => {
    const seen = new Map<string, number>();
    const count = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 40 }), (steps) => {
        const { world, call, users } = setup();
        /** Every settlement event per contract, with the feed's price of its symbol at that moment. */
        const settlements = new Map<string, Array<{ order: SecondOrder; last: string }>>();
        world.events.on('secondOrder', ({ order }) => {
          if (order.status !== 'settled') return;
          const list = settlements.get(order.id) ?? [];
          list.push({ order, last: world.market.ticker(order.symbol).last });
          settlements.set(order.id, list);
        });
        let checked = 0;
        let lastJump = 0;
        const check = () => {
          const { entries } = world.ledger;
          const postings = new Map<number, Big>();
          for (let i = checked; i < entries.length; i++)
            postings.set(entries[i].posting, (postings.get(entries[i].posting) ?? new Big(0)).plus(entries[i].available).plus(entries[i].frozen));
          for (const [p, v] of postings) expect(v.eq(0), `posting ${p} sums to ${v}`).toBe(true);
          checked = entries.length;
          const second = sum(entries.filter((e) => e.kind === 'second').map((e) => e.available.plus(e.frozen)));
          const transferred = sum(entries.filter((e) => e.kind === 'second' && e.reason === 'transfer').map((e) => e.available));
          expect(second.eq(transferred), 'second-contract money stays between the users and the platform').toBe(true);
          users.forEach((userId, i) => {
            const balance = world.ledger.balance(userId, 'second', 'USDT');
            expect(balance.available.gte(0) && balance.frozen.gte(0)).toBe(true);
            const running = call(i, 'listSecondOrders', undefined, { status: 'running', pageSize: '100' }).message.items as SecondOrder[];
            expect(balance.frozen.eq(sum(running.map((o) => new Big(o.stake)))), 'frozen = running stakes').toBe(true);
            for (const o of running) expect(o.expiresAt).toBeGreaterThan(world.market.now());
          });
          for (const [id, list] of settlements) {
            expect(list.length, `${id} settled once`).toBe(1);
            const { order: o, last } = list[0];
            expect(o.closePrice, 'the final price is the feed at settlement').toBe(last);
            const move = new Big(o.closePrice!).cmp(o.openPrice);
            const result = move === 0 ? 'tie' : move > 0 === (o.direction === 'up') ? 'win' : 'loss';
            expect(o.result).toBe(result);
            const profit = new Big(o.stake).times(o.payoutRate).round(6, Big.roundDown);
            expect(o.pnl).toBe((result === 'win' ? profit : result === 'loss' ? new Big(o.stake).neg() : new Big(0)).toFixed(6));
            expect(o.payout).toBe((result === 'win' ? profit.plus(o.stake) : result === 'loss' ? new Big(0) : new Big(o.stake)).toFixed(6));
            expect(o.settledAt!).toBeGreaterThanOrEqual(o.expiresAt);
            // Second by second within 10 minutes of a jump's end: settled at the expiry second itself.
            if (lastJump <= 600_000) expect(o.settledAt).toBe(o.expiresAt);
          }
        };
        for (const st of steps) {
          switch (st.op) {
            case 'buy': {
              const res = call(st.who, 'buySecond', { symbol: st.symbol, direction: st.up ? 'up' : 'down', period: st.period, stake: st.stake });
              count(res.type === 'ok' ? 'bought' : res.code!);
              break;
            }
            case 'price': {
              const t = world.market.ticker(st.symbol);
              const next = new Big(t.last)
                .times(1000 + st.permille)
                .div(1000)
                .round(t.pricePrecision, Big.roundHalfUp)
                .toFixed(t.pricePrecision);
              world.setPrice(st.symbol, next, st.hold);
              break;
            }
            case 'clock':
              lastJump = st.ms;
              for (const _ of world.advanceInSlices(st.ms));
              break;
          }
          check();
        }
        lastJump = 300_000;
        for (const _ of world.advanceInSlices(300_000));
        check();
        users.forEach((_, i) =>
          expect(call(i, 'listSecondOrders', undefined, { status: 'running' }).message.total, 'all settled after the longest period').toBe(0),
        );
        for (const list of settlements.values()) count(list[0].order.result!);
      }),
      { numRuns: Number(process.env.SECOND_RUNS ?? 30), seed: Number(process.env.SECOND_SEED ?? 20261125) },
    );
    for (const what of ['bought', 'win', 'loss', 'tie', 'insufficient_balance', 'stake_out_of_bounds', 'period_not_offered']) {
      expect(seen.get(what) ?? 0, what).toBeGreaterThan(0);
    }
  }, 300_000);
});
