/**
 * The ledger: every balance of every user, account kind and coin, moved only by postings. A
 * posting is double-entry: its legs sum to zero per coin, the other side being a system account
 * (the outside world, the fee account, the exchange desk). User balances never go below zero,
 * available or frozen. Amounts are big.js decimals.
 */
import Big from 'big.js';
import { accountKindValues } from '../../../../contracts/generated/enums.ts';
import type { components } from '../../../../contracts/generated/openapi.ts';
import { DomainError } from './errors.ts';

export type AccountKind = components['schemas']['AccountKind'];
export const ACCOUNT_KINDS: readonly AccountKind[] = accountKindValues;

/**
 * System owners: `external` (deposits in, withdrawals out), `fees`, `desk` (flash exchange),
 * `lever` (the other side of lever contracts' profit and loss, and what it absorbs when a loss
 * exceeds a user's lever balance), `second` (the other side of second contracts' wins and losses),
 * `earn` (pays earn products' yields, takes machine prices and early-redemption penalties),
 * `loans` (the lending institutions: pays loans out, takes repayments), `ieo` (the IEO rounds'
 * issuers: takes the allocated payments, hands out the tokens).
 * System owners may go negative.
 */
export const SYSTEM = {
  external: 'system:external',
  fees: 'system:fees',
  desk: 'system:desk',
  lever: 'system:lever',
  second: 'system:second',
  earn: 'system:earn',
  loans: 'system:loans',
  ieo: 'system:ieo',
} as const;
export const isSystem = (owner: string) => owner.startsWith('system:');

/** Why a posting moved money (the contract's LedgerReason: its description says what each means). */
export type Reason = components['schemas']['LedgerReason'];

export interface Leg {
  owner: string;
  kind: AccountKind;
  coin: string;
  /** Change of the available balance. */
  available?: Big;
  /** Change of the frozen balance. */
  frozen?: Big;
}

export interface Entry {
  id: number;
  /** The posting the entry belongs to (its legs sum to zero per coin). */
  posting: number;
  ref: string;
  reason: Reason;
  owner: string;
  kind: AccountKind;
  coin: string;
  available: Big;
  frozen: Big;
  /** The entry's number among its owner's entries, from 1 (a user's log shows no global counts). */
  seq: number;
  /** The balance of (owner, kind, coin) after this entry. */
  availableAfter: Big;
  frozenAfter: Big;
  time: number;
}

interface BalanceView {
  available: Big;
  frozen: Big;
}

const ZERO = new Big(0);
const key = (owner: string, kind: AccountKind, coin: string) => `${owner}|${kind}|${coin}`;

export const insufficient = () => new DomainError('insufficient_balance', 'Sorry, your credit is running low');

export class Ledger {
  private readonly balances = new Map<string, { available: Big; frozen: Big }>();
  readonly entries: Entry[] = [];
  /** Each user's entries, oldest first (system owners have none: their logs are too long to keep twice). */
  private readonly byOwner = new Map<string, Entry[]>();
  private postings = 0;
  private readonly listeners: Array<(owners: Set<string>, legs: readonly Leg[], reason: Reason, time: number) => void> = [];
  private readonly guards: Array<(reason: Reason, legs: readonly Leg[]) => void> = [];

  constructor(private readonly now: () => number) {}

  /** Grows with every posting: balances read at one version are the same until it changes. */
  get version(): number {
    return this.postings;
  }

  /** Hears the (non-system) owners whose balances a posting changed, the posting's legs, reason and time. */
  onChange(listener: (owners: Set<string>, legs: readonly Leg[], reason: Reason, time: number) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Adds a rule a posting must pass before it applies: the guard throws (a DomainError) to refuse
   * it, and nothing changes. The lever account uses one to keep what covers unrealized losses.
   */
  guard(check: (reason: Reason, legs: readonly Leg[]) => void): void {
    this.guards.push(check);
  }

  balance(owner: string, kind: AccountKind, coin: string): BalanceView {
    const b = this.balances.get(key(owner, kind, coin));
    return { available: b?.available ?? ZERO, frozen: b?.frozen ?? ZERO };
  }

  /**
   * Applies all legs or none. Throws `insufficient_balance` when a user balance would go below
   * zero, what a guard throws when it refuses the posting, and a programming error when the legs
   * of a coin do not sum to zero. `at` dates the posting earlier than now (seeded history only).
   */
  post(ref: string, reason: Reason, legs: Leg[], at?: number): void {
    for (const g of this.guards) g(reason, legs);
    const sums = new Map<string, Big>();
    const next = new Map<string, { available: Big; frozen: Big }>();
    for (const leg of legs) {
      const a = leg.available ?? ZERO;
      const f = leg.frozen ?? ZERO;
      sums.set(leg.coin, (sums.get(leg.coin) ?? ZERO).plus(a).plus(f));
      const k = key(leg.owner, leg.kind, leg.coin);
      const current = next.get(k) ?? this.balance(leg.owner, leg.kind, leg.coin);
      const updated = { available: current.available.plus(a), frozen: current.frozen.plus(f) };
      if (!isSystem(leg.owner) && (updated.available.lt(0) || updated.frozen.lt(0))) throw insufficient();
      next.set(k, updated);
    }
    for (const [coin, sum] of sums) {
      if (!sum.eq(0)) throw new Error(`Unbalanced posting ${ref} (${reason}): ${coin} legs sum to ${sum.toString()}`);
    }
    const time = at ?? this.now();
    const posting = ++this.postings;
    for (const leg of legs) {
      const before = this.balance(leg.owner, leg.kind, leg.coin);
      const entry: Entry = {
        id: this.entries.length + 1,
        posting,
        ref,
        reason,
        owner: leg.owner,
        kind: leg.kind,
        coin: leg.coin,
        available: leg.available ?? ZERO,
        frozen: leg.frozen ?? ZERO,
        availableAfter: before.available.plus(leg.available ?? ZERO),
        frozenAfter: before.frozen.plus(leg.frozen ?? ZERO),
        time,
        seq: 0,
      };
      this.entries.push(entry);
      // Legs of one posting on the same balance run on from each other.
      this.balances.set(key(leg.owner, leg.kind, leg.coin), { available: entry.availableAfter, frozen: entry.frozenAfter });
      if (isSystem(leg.owner)) continue;
      const mine = this.byOwner.get(leg.owner) ?? [];
      entry.seq = mine.push(entry);
      this.byOwner.set(leg.owner, mine);
    }
    const owners = new Set(legs.map((l) => l.owner).filter((o) => !isSystem(o)));
    for (const l of this.listeners) l(owners, legs, reason, time);
  }

  /** A user's entries in one account (and coin), oldest first. */
  log(owner: string, kind: AccountKind, coin?: string): Entry[] {
    return (this.byOwner.get(owner) ?? []).filter((e) => e.kind === kind && (!coin || e.coin === coin));
  }

  /** Every (kind, coin) balance of an owner. */
  holdings(owner: string): Array<{ kind: AccountKind; coin: string } & BalanceView> {
    const out: Array<{ kind: AccountKind; coin: string } & BalanceView> = [];
    for (const [k, v] of this.balances) {
      const [o, kind, coin] = k.split('|');
      if (o === owner) out.push({ kind: kind as AccountKind, coin, ...v });
    }
    return out;
  }
}
