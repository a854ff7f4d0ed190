/**
 * The accrual engine every earn product stands on: a position with terms opens with a posting
 * (principal locked in the `financial` account, or a price paid), accrues one payment per period
 * on the virtual clock (each its own posting, from `system:earn`, at its own time even when the
 * clock jumps many periods at once), and ends with its principal returned once (at maturity, or
 * early with a penalty when the terms allow). A product is only terms over this: lock-up mining
 * (daily yield, principal back), a mining machine (a price paid, daily output, nothing back), a
 * savings deposit (one interest payment with the principal at maturity).
 *
 * Amounts are big.js decimals; a payment is fixed when the position opens (truncated to the
 * coin's decimals), so the schedule a user is shown before confirming is what is paid.
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import { coinInfo } from '../assets/coins.ts';
import { DomainError } from '../kernel/errors.ts';
import { SYSTEM, type AccountKind, type Ledger } from '../kernel/ledger.ts';
import type { Scheduler } from '../kernel/scheduler.ts';

const EARN = SYSTEM.earn;

export type PositionKind = components['schemas']['EarnKind'];
export type PositionStatus = components['schemas']['EarnPosition']['status'];

export interface PositionTerms {
  /** The coin locked or paid. */
  coin: string;
  /** Locked from `from` into the financial account for the term, and returned at its end (0: nothing locked). */
  principal: Big;
  /** Paid once at the start to the platform and not returned (a machine's price; 0: nothing). */
  price: Big;
  /** The coin each payment is in (a machine's output), and the amount of each payment. */
  payoutCoin: string;
  payout: Big;
  /** How many payments, one every `periodMs` from the start. */
  periods: number;
  periodMs: number;
  /** The account the money comes from and the payments and the principal go back to. */
  account: AccountKind;
  /** Early redemption: allowed with this share of the principal kept as a penalty; absent when not allowed. */
  earlyPenaltyRate?: Big;
}

export interface Position {
  id: string;
  owner: string;
  kind: PositionKind;
  /** The product (or machine) it was opened on. */
  productId: string;
  terms: PositionTerms;
  startAt: number;
  endAt: number;
  /** Payments made so far, and their sum. */
  paid: number;
  earned: Big;
  status: PositionStatus;
  /** Early redemption: when, and the penalty kept. */
  redeemedAt?: number;
  penalty?: Big;
}

export interface AccrualDeps {
  now: () => number;
  ledger: Ledger;
  scheduler: Scheduler;
  /** Hears every change of a position (opened, paid, ended, redeemed). */
  onChange: (position: Position) => void;
}

export class Accruals {
  readonly positions = new Map<string, Position>();
  private readonly byOwner = new Map<string, Position[]>();
  private changes = 0;

  /** Grows with every change of a position (opened, paid, ended, redeemed). */
  get version(): number {
    return this.changes;
  }

  constructor(private readonly deps: AccrualDeps) {}

  /** Opens a position: the money moves at once (or nothing happens, e.g. on an insufficient balance), then the first payment is scheduled. */
  open(id: string, owner: string, kind: PositionKind, productId: string, terms: PositionTerms, at = this.deps.now()): Position {
    if (terms.periods < 1 || terms.periodMs <= 0) throw new Error(`position ${id}: no schedule`);
    const legs = [];
    if (terms.principal.gt(0))
      legs.push(
        { owner, kind: terms.account, coin: terms.coin, available: terms.principal.neg() },
        { owner, kind: 'financial' as const, coin: terms.coin, frozen: terms.principal },
      );
    if (terms.price.gt(0))
      legs.push(
        { owner, kind: terms.account, coin: terms.coin, available: terms.price.neg() },
        { owner: EARN, kind: 'funds' as const, coin: terms.coin, available: terms.price },
      );
    if (legs.length) this.deps.ledger.post(id, kind === 'machine' ? 'earn_buy' : 'earn_lock', legs, at);
    const position: Position = {
      id,
      owner,
      kind,
      productId,
      terms,
      startAt: at,
      endAt: at + terms.periods * terms.periodMs,
      paid: 0,
      earned: new Big(0),
      status: 'running',
    };
    this.positions.set(id, position);
    this.byOwner.set(owner, [...(this.byOwner.get(owner) ?? []), position]);
    this.changes++;
    this.deps.onChange(position);
    this.scheduleNext(position);
    return position;
  }

  of(owner: string): readonly Position[] {
    return this.byOwner.get(owner) ?? [];
  }

  /** What the whole term pays (the schedule's total). */
  static total(terms: PositionTerms): Big {
    return terms.payout.times(terms.periods);
  }

  /** Ends a running position early when its terms allow it: the principal back less the penalty. */
  redeem(position: Position, at = this.deps.now()): Position {
    if (position.status !== 'running') throw new DomainError('earn_position_closed', 'This position has already ended');
    const rate = position.terms.earlyPenaltyRate;
    if (!rate) throw new DomainError('earn_no_early_redemption', 'This product cannot be redeemed before it ends');
    const penalty = position.terms.principal.times(rate).round(coinInfo(position.terms.coin).precision, Big.roundUp);
    position.status = 'redeemed';
    position.redeemedAt = at;
    position.penalty = penalty;
    this.returnPrincipal(position, at);
    if (penalty.gt(0))
      this.deps.ledger.post(
        `${position.id}:penalty`,
        'fee',
        [
          { owner: position.owner, kind: position.terms.account, coin: position.terms.coin, available: penalty.neg() },
          { owner: EARN, kind: 'funds', coin: position.terms.coin, available: penalty },
        ],
        at,
      );
    this.changes++;
    this.deps.onChange(position);
    return position;
  }

  private scheduleNext(position: Position): void {
    const due = position.startAt + (position.paid + 1) * position.terms.periodMs;
    this.deps.scheduler.at(due, (at) => this.pay(position, at));
  }

  /** One payment, exactly once per period; the last one also returns the principal. */
  private pay(position: Position, at: number): void {
    if (position.status !== 'running') return;
    const { terms } = position;
    if (terms.payout.gt(0))
      this.deps.ledger.post(
        `${position.id}:${position.paid + 1}`,
        'earn_yield',
        [
          { owner: EARN, kind: 'funds', coin: terms.payoutCoin, available: terms.payout.neg() },
          { owner: position.owner, kind: terms.account, coin: terms.payoutCoin, available: terms.payout },
        ],
        at,
      );
    position.paid += 1;
    position.earned = position.earned.plus(terms.payout);
    if (position.paid === terms.periods) {
      position.status = 'ended';
      this.returnPrincipal(position, at);
    } else this.scheduleNext(position);
    this.changes++;
    this.deps.onChange(position);
  }

  private returnPrincipal(position: Position, at: number): void {
    const { principal, coin, account } = position.terms;
    if (principal.lte(0)) return;
    this.deps.ledger.post(
      `${position.id}:end`,
      'earn_unlock',
      [
        { owner: position.owner, kind: 'financial', coin, frozen: principal.neg() },
        { owner: position.owner, kind: account, coin, available: principal },
      ],
      at,
    );
  }
}
