/**
 * The lever book: every lever order by id, by user, and the open delegations and positions, with
 * what reading them needs (prices memoised within an operation, balances, the risk rate, the
 * account view) and the batching of an operation's events. The engine (engine.ts) and the user's
 * actions (lever.ts) build on it.
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import * as dec from '../kernel/decimals.ts';
import { DomainError } from '../kernel/errors.ts';
import { insufficient, isSystem, type Leg, type Reason } from '../kernel/ledger.ts';
import { paged } from '../kernel/paging.ts';
import { OwnedIds } from '../kernel/random.ts';
import { USDT } from '../market/symbols.ts';
import { DP, orderView, pnlAt, RISK_DECIMALS, usdt, ZERO, type Entry, type LeverAccount, type LeverDeps, type LeverOrder } from './entry.ts';
import { LEVER_SYMBOLS, LIQUIDATION_LINE, type LeverSymbol } from './terms.ts';

type Schemas = components['schemas'];

export abstract class LeverBook {
  protected readonly ids: OwnedIds;
  protected readonly byId = new Map<string, Entry>();
  /** Every order of a user, in the order placed. */
  protected readonly byUser = new Map<string, Entry[]>();
  protected readonly delegations = new Map<string, Set<Entry>>();
  protected readonly positions = new Map<string, Set<Entry>>();
  /** Nesting of the operation in progress: account events wait until it ends, one per user. */
  protected depth = 0;
  protected readonly dirty = new Set<string>();
  /** Last prices read during the operation in progress (constant meanwhile). */
  protected prices: Map<string, Big> | null = null;
  protected floatPrices: Map<string, number> | null = null;
  protected absorbedTotal = ZERO;

  constructor(protected readonly deps: LeverDeps) {
    this.ids = new OwnedIds(deps.seed);
  }

  /** What the platform absorbed so far: losses and fees beyond users' lever balances. */
  get absorbed(): Big {
    return this.absorbedTotal;
  }

  symbols(): readonly LeverSymbol[] {
    return LEVER_SYMBOLS;
  }

  /** Closes every position of the user when the risk rate is at or below the liquidation line (engine.ts). */
  protected abstract checkRisk(userId: string): void;

  protected last(symbol: string): Big {
    // Memoised only within an operation (prices cannot move meanwhile); flush forgets them.
    if (this.depth === 0) return this.deps.market.snapshot(symbol).last;
    const memo = (this.prices ??= new Map());
    let p = memo.get(symbol);
    if (!p) memo.set(symbol, (p = this.deps.market.snapshot(symbol).last));
    return p;
  }

  protected floatLast(symbol: string): number {
    if (this.depth === 0) return Number(this.last(symbol));
    const memo = (this.floatPrices ??= new Map());
    let p = memo.get(symbol);
    if (p === undefined) memo.set(symbol, (p = Number(this.last(symbol))));
    return p;
  }

  protected balance(userId: string): { available: Big; frozen: Big } {
    return this.deps.ledger.balance(userId, 'lever', USDT);
  }

  /**
   * The user's risk rate as the client sees it (equity with the unrealized P/L truncated, divided
   * by the position margin, 4 decimals truncated), after an optional change: a fee paid, a
   * position added. Null without positions.
   */
  protected risk(userId: string, change?: { paid: Big; pnl: Big; margin: Big }): Big | null {
    let margin = change?.margin ?? ZERO;
    let pnl = change?.pnl ?? ZERO;
    for (const p of this.positions.get(userId) ?? []) {
      margin = margin.plus(p.margin);
      pnl = pnl.plus(pnlAt(p, this.last(p.order.symbol)));
    }
    if (margin.eq(0)) return null;
    const { available, frozen } = this.balance(userId);
    const equity = available
      .plus(frozen)
      .minus(change?.paid ?? ZERO)
      .plus(dec.round(pnl, DP, 'display'));
    return dec.round(equity.div(margin), RISK_DECIMALS, 'display');
  }

  account(userId: string): LeverAccount {
    return this.accountOf(userId);
  }

  accountOf(userId: string): LeverAccount {
    const { available, frozen } = this.balance(userId);
    let positionMargin = ZERO;
    let pnl = ZERO;
    for (const p of this.positions.get(userId) ?? []) {
      positionMargin = positionMargin.plus(p.margin);
      pnl = pnl.plus(pnlAt(p, this.last(p.order.symbol)));
    }
    let delegationFrozen = ZERO;
    for (const d of this.delegations.get(userId) ?? []) delegationFrozen = delegationFrozen.plus(d.frozen);
    const unrealized = dec.round(pnl, DP, 'display');
    const balance = available.plus(frozen);
    const equity = balance.plus(unrealized);
    const riskRate = positionMargin.gt(0) ? dec.fixed(equity.div(positionMargin), RISK_DECIMALS, 'display') : undefined;
    return {
      balance: usdt(balance),
      available: usdt(available),
      positionMargin: usdt(positionMargin),
      delegationFrozen: usdt(delegationFrozen),
      unrealizedPnl: usdt(unrealized),
      equity: usdt(equity),
      ...(riskRate !== undefined ? { riskRate } : {}),
      liquidationLine: LIQUIDATION_LINE,
      time: this.deps.market.now(),
    };
  }

  list(userId: string, q: { status?: string; symbol?: string; page?: number; pageSize?: number }): Schemas['LeverOrderPage'] {
    const status = q.status ?? 'open';
    const wanted = (s: LeverOrder['status']) =>
      status === 'all' || (status === 'open' ? s === 'dealing' : status === 'delegating' ? s === 'delegating' : s === 'closed' || s === 'cancelled');
    const all = (this.byUser.get(userId) ?? []).filter((e) => wanted(e.order.status) && (!q.symbol || e.order.symbol === q.symbol)).reverse();
    const { items, ...page } = paged(all, q);
    return { ...page, items: items.map((e) => orderView(e)) };
  }

  /** What a transfer may take out of the user's lever account: available less unrealized losses, rounded down, at least zero. */
  transferable(userId: string): Big {
    let pnl = ZERO;
    for (const p of this.positions.get(userId) ?? []) pnl = pnl.plus(pnlAt(p, this.last(p.order.symbol)));
    const free = dec.round(this.balance(userId).available.plus(pnl.lt(0) ? pnl : ZERO), DP, 'received');
    return free.gt(0) ? free : ZERO;
  }

  /**
   * A ledger guard (reactions.ts wires it): refuses a transfer that takes more USDT out of a lever account
   * than `transferable`. Only USDT backs positions; another coin there is held by its own balance.
   */
  guardTransfer(reason: Reason, legs: readonly Leg[]): void {
    if (reason !== 'transfer') return;
    for (const leg of legs) {
      if (leg.kind !== 'lever' || leg.coin !== USDT || isSystem(leg.owner)) continue;
      if (leg.available?.lt(0) && leg.available.neg().gt(this.transferable(leg.owner))) throw insufficient();
    }
  }

  /** Runs `fn` as one change: the account event of each user it touched is sent once, at its end, after the risk check. */
  protected batch<T>(fn: () => T): T {
    this.depth++;
    try {
      return fn();
    } finally {
      if (--this.depth === 0) this.flush();
    }
  }

  /** Hears every ledger posting on a user's lever account (reactions.ts wires it): an operation's own wait for its end. */
  touched(userId: string): void {
    this.dirty.add(userId);
    if (this.depth === 0) this.flush();
  }

  protected flush(): void {
    this.depth++;
    try {
      // A change of the account (a transfer out, a fee) may bring it to the line as a price move would.
      for (const userId of this.dirty) this.checkRisk(userId);
    } finally {
      this.depth--;
    }
    const users = [...this.dirty];
    this.dirty.clear();
    for (const userId of users) this.deps.onAccount(userId, this.accountOf(userId));
    this.prices = null;
    this.floatPrices = null;
  }

  protected changed(e: Entry, at = this.deps.market.now()): void {
    e.order.updatedAt = at;
    this.deps.onOrder(e.owner, orderView(e));
  }

  protected own(userId: string, id: string): Entry {
    const e = this.byId.get(id);
    if (!e || e.owner !== userId) throw new DomainError('not_found', 'This order does not exist');
    return e;
  }
}
