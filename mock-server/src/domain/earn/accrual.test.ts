/**
 * The accrual engine under random products, positions, early redemptions and clock jumps (some
 * over many periods at once): every posting balances, each payment is posted exactly once and at
 * its own time, a principal comes back exactly once, what the financial account holds is exactly
 * the running positions' principals, and an ended position was paid its whole schedule.
 */
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Accruals, type Position } from './accrual';
import { DomainError } from '../kernel/errors';
import { Ledger, SYSTEM } from '../kernel/ledger';
import { Scheduler } from '../kernel/scheduler';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 0, 1);
const OWNERS = ['u1', 'u2'];

const terms = fc.record({
  kind: fc.constantFrom('lock' as const, 'machine' as const, 'savings' as const),
  amount: fc.integer({ min: 1, max: 5_000 }),
  payoutMicros: fc.integer({ min: 0, max: 2_000_000 }),
  periods: fc.integer({ min: 1, max: 40 }),
  periodHours: fc.constantFrom(1, 24, 24 * 30),
  early: fc.option(fc.integer({ min: 0, max: 500 }), { nil: undefined }),
});
const step = fc.oneof(
  fc.record({ op: fc.constant('open' as const), owner: fc.constantFrom(...OWNERS), terms }),
  fc.record({ op: fc.constant('clock' as const), ms: fc.constantFrom(HOUR / 2, HOUR, DAY, 7 * DAY, 45 * DAY, 400 * DAY) }),
  fc.record({ op: fc.constant('redeem' as const), which: fc.nat(40) }),
);

function world() {
  let now = START;
  const ledger = new Ledger(() => now);
  const scheduler = new Scheduler();
  const changes: Position[] = [];
  const accruals = new Accruals({ now: () => now, ledger, scheduler, onChange: (p) => changes.push(p) });
  for (const owner of OWNERS)
    ledger.post(`fund-${owner}`, 'deposit', [
      { owner: SYSTEM.external, kind: 'funds', coin: 'USDT', available: new Big(-8_000) },
      { owner, kind: 'funds', coin: 'USDT', available: new Big(8_000) },
    ]);
  const advance = (ms: number) => {
    now += ms;
    scheduler.runDue(now);
  };
  return { ledger, accruals, changes, advance, now: () => now };
}

function check(w: ReturnType<typeof world>) {
  const sums = new Map<number, Big>();
  for (const e of w.ledger.entries) sums.set(e.posting, (sums.get(e.posting) ?? new Big(0)).plus(e.available).plus(e.frozen));
  for (const [posting, sum] of sums) expect(sum.eq(0), `posting ${posting}`).toBe(true);
  const refs = new Map<string, number>();
  for (const e of w.ledger.entries) if (e.owner !== SYSTEM.earn && e.owner !== SYSTEM.external) refs.set(e.ref, (refs.get(e.ref) ?? 0) + 1);
  for (const p of w.accruals.positions.values()) {
    const t = p.terms;
    // Each payment once, at its own time; no payment after the end or after a redemption.
    const payments = w.ledger.entries.filter((e) => e.owner === p.owner && e.reason === 'earn_yield' && e.ref.startsWith(`${p.id}:`));
    expect(payments.length).toBe(t.payout.gt(0) ? p.paid : 0);
    payments.forEach((e, i) => {
      expect(e.ref).toBe(`${p.id}:${i + 1}`);
      expect(e.time).toBe(p.startAt + (i + 1) * t.periodMs);
    });
    expect(payments.reduce((s, e) => s.plus(e.available), new Big(0)).eq(p.earned)).toBe(true);
    const due = Math.min(t.periods, Math.floor((w.now() - p.startAt) / t.periodMs));
    if (p.status !== 'redeemed') expect(p.paid).toBe(due);
    if (p.status === 'ended') expect(p.earned.eq(Accruals.total(t))).toBe(true);
    // The principal comes back once, when the position ends (or is redeemed), never while it runs.
    const back = w.ledger.entries.filter((e) => e.owner === p.owner && e.reason === 'earn_unlock' && e.ref === `${p.id}:end`);
    expect(back.length).toBe(p.status === 'running' || t.principal.eq(0) ? 0 : 2);
  }
  for (const owner of OWNERS) {
    const locked = [...w.accruals.positions.values()]
      .filter((p) => p.owner === owner && p.status === 'running')
      .reduce((s, p) => s.plus(p.terms.principal), new Big(0));
    expect(w.ledger.balance(owner, 'financial', 'USDT').frozen.toString()).toBe(locked.toString());
  }
}

describe('the accrual engine under random use', () => {
  it('pays each period once at its time, returns each principal once, keeps the ledger balanced', () => {
    const seen = new Map<string, number>();
    const count = (k: string) => seen.set(k, (seen.get(k) ?? 0) + 1);
    fc.assert(
      fc.property(fc.array(step, { minLength: 10, maxLength: 40 }), (steps) => {
        const w = world();
        let n = 0;
        for (const s of steps) {
          try {
            if (s.op === 'open') {
              const t = s.terms;
              const amount = new Big(t.amount);
              w.accruals.open(`ep_${++n}`, s.owner, t.kind, 'p', {
                coin: 'USDT',
                principal: t.kind === 'machine' ? new Big(0) : amount,
                price: t.kind === 'machine' ? amount : new Big(0),
                payoutCoin: 'USDT',
                payout: new Big(t.payoutMicros).div(1_000_000),
                periods: t.periods,
                periodMs: t.periodHours * HOUR,
                account: 'funds',
                ...(t.early !== undefined ? { earlyPenaltyRate: new Big(t.early).div(10_000) } : {}),
              });
              count('open');
            } else if (s.op === 'clock') w.advance(s.ms);
            else {
              const p = [...w.accruals.positions.values()][s.which % Math.max(1, w.accruals.positions.size)];
              if (!p) continue;
              w.accruals.redeem(p);
              count('redeemed');
            }
          } catch (e) {
            if (!(e instanceof DomainError)) throw e;
            count(e.code);
          }
          check(w);
        }
        if ([...w.accruals.positions.values()].some((p) => p.status === 'ended')) count('ended');
      }),
      { numRuns: 60, seed: 20261126 },
    );
    for (const k of ['open', 'redeemed', 'ended', 'insufficient_balance', 'earn_no_early_redemption', 'earn_position_closed'])
      expect(seen.get(k) ?? 0, k).toBeGreaterThan(0);
  });

  it('a jump over many periods pays each in order, each its own event, and ends the position once', () => {
    const w = world();
    const p = w.accruals.open('ep_1', 'u1', 'lock', 'p', {
      coin: 'USDT',
      principal: new Big(1000),
      price: new Big(0),
      payoutCoin: 'USDT',
      payout: new Big('0.4'),
      periods: 30,
      periodMs: DAY,
      account: 'funds',
    });
    w.advance(400 * DAY);
    expect(p).toMatchObject({ status: 'ended', paid: 30 });
    expect(p.earned.toString()).toBe('12');
    expect(w.changes.filter((c) => c.id === 'ep_1')).toHaveLength(31);
    expect(w.ledger.balance('u1', 'funds', 'USDT').available.toString()).toBe('8012');
    expect(() => w.accruals.redeem(p)).toThrow('already ended');
  });
});
