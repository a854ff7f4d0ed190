/**
 * Lever contracts: long and short positions with a multiple on the user's lever account (USDT,
 * cross margin), opened at market or as delegations (limit orders), with take-profit, stop-loss,
 * overnight fees and liquidation. The terms are in terms.ts. Money moves only through the
 * ledger, on the user's `lever` account; fees go to `system:fees`, and `system:lever` (the platform)
 * is the other side of every profit and loss. Amounts are USDT at USDT's precision; prices are at
 * the symbol's pricePrecision.
 *
 * The rules (docs/mock/lever.md has them as a table):
 * - Margin = price × quantity ÷ multiple and a fee = price × quantity × feeRate, both rounded up;
 *   quantity = lots × contractSize. A market order opens at the last price, paying the fee and
 *   freezing the margin; a delegation freezes both at its price and opens at that price when the
 *   last price reaches it (a long when it falls to it or below, a short when it rises to it or
 *   above), paying the frozen fee then.
 * - Realized P/L = (close − open) × quantity for a long, (open − close) × quantity for a short,
 *   rounded against the user (a profit down, a loss up). Closing unfreezes the margin and settles
 *   margin + P/L − closing fee into the available balance in one posting.
 * - Cross margin: the whole lever balance backs every position. What a close or an overnight fee
 *   costs beyond the available balance is freed from the rest of the balance: the user's
 *   delegations are cancelled (newest first), then margin is taken from the other open positions
 *   (newest first; their `margin` shows what is left). When the balance cannot pay what a close
 *   realizes at all, the account is settled whole (the user's other positions are closed too,
 *   closeReason liquidation), and what is still missing is absorbed by the platform: the lever
 *   balance never goes below zero. Fees are always paid to `system:fees` in full.
 * - Risk rate = equity ÷ position margin (4 decimals truncated, what the client sees), equity =
 *   available + frozen + unrealized P/L (truncated). It is checked after every price move and every
 *   change of the account: at or below the liquidation line every position of the user is closed
 *   at the last price (closeReason liquidation), as when no margin is left. An open that would
 *   leave the rate at or below the line is refused (insufficient_margin); a delegation that would
 *   is cancelled when it is reached.
 * - Several positions closed at once (one-click close, a liquidation, triggers of one second) are
 *   settled most profitable first, so a profit pays for a loss before the platform absorbs any.
 * - Overnight fee: at each 00:00 UTC of the virtual clock every position opened before it pays
 *   openPrice × quantity × overnightRate (rounded up), found as a loss is (cross margin); when the
 *   whole balance cannot pay it, the user's positions are liquidated first.
 * - A transfer out of the lever account may take the available balance less the unrealized losses
 *   (profits do not count): the cash that covers a loss stays, so no one can leave the platform a
 *   loss by moving money out (`insufficient_balance` otherwise; see `guardTransfer`).
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import { coinInfo } from '../assets/coins.ts';
import * as dec from '../kernel/decimals.ts';
import { DomainError } from '../kernel/errors.ts';
import { paged } from '../kernel/paging.ts';
import { insufficient, isSystem, SYSTEM, type Leg, type Ledger, type Reason } from '../kernel/ledger.ts';
import { LEVER_FEE_RATE, LEVER_OVERNIGHT_RATE, LEVER_SYMBOLS, LIQUIDATION_LINE, leverTerms, type LeverSymbol, type LeverTerms } from './terms.ts';
import type { Market } from '../market/market.ts';
import { USDT } from '../market/symbols.ts';
import { OwnedIds } from '../kernel/random.ts';

type Schemas = components['schemas'];
export type LeverOrder = Schemas['LeverOrder'];
export type LeverAccount = Schemas['LeverAccount'];
type CloseReason = Schemas['LeverCloseReason'];

const FEE_RATE = new Big(LEVER_FEE_RATE);
const OVERNIGHT_RATE = new Big(LEVER_OVERNIGHT_RATE);
const LINE = new Big(LIQUIDATION_LINE);
/** Decimals of every lever amount: USDT's precision. */
const DP = coinInfo(USDT).precision;
const RISK_DECIMALS = 4;
/** Above this float estimate of the risk rate an account is certainly above the line (see checkRisk). */
const FLOAT_LINE = Number(LIQUIDATION_LINE) * 1.01 + 1e-4;
const ZERO = new Big(0);
const FIELD_NAMES = { price: 'price', takeProfit: 'take-profit price', stopLoss: 'stop-loss price' } as const;

const usdt = (value: Big) => dec.fixed(value, DP);
/** A profit or loss the user gets or pays: rounded against the user (a profit down, a loss up). */
const settledPnl = (value: Big) => dec.round(value, DP, value.gte(0) ? 'received' : 'paid');

const ORDER_FIELDS = [
  'id',
  'symbol',
  'side',
  'type',
  'lots',
  'multiple',
  'quantity',
  'price',
  'openPrice',
  'closePrice',
  'margin',
  'openFee',
  'closeFee',
  'overnightFee',
  'takeProfit',
  'stopLoss',
  'realizedPnl',
  'status',
  'closeReason',
  'time',
  'openedAt',
  'closedAt',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof LeverOrder>;
// Every field of the contract's LeverOrder is in ORDER_FIELDS (a new one fails the build here).
const everyField: [Exclude<keyof LeverOrder, (typeof ORDER_FIELDS)[number]>] extends [never] ? true : never = true;
void everyField;

/** One lever order: the wire object and what the engine computes with. */
interface Entry {
  order: LeverOrder;
  owner: string;
  terms: LeverTerms;
  long: boolean;
  quantity: Big;
  margin: Big;
  /** Frozen for the order: margin + opening fee while delegating, the margin while dealing. */
  frozen: Big;
  /** The delegate price (limit) — the opening price once dealing. */
  price?: Big;
  open?: Big;
  takeProfit?: Big;
  stopLoss?: Big;
  /** A position's numbers as floats, for the quick screen of `checkRisk` (dropped when the margin changes). */
  floats?: { open: number; quantity: number; margin: number };
}

export interface LeverDeps {
  seed: number;
  market: Market;
  ledger: Ledger;
  onOrder: (userId: string, order: LeverOrder) => void;
  onAccount: (userId: string, account: LeverAccount) => void;
}

/** Adds to (or removes from) a per-user index of entries. */
function index(map: Map<string, Set<Entry>>, e: Entry, present: boolean): void {
  let set = map.get(e.owner);
  if (present) {
    if (!set) map.set(e.owner, (set = new Set()));
    set.add(e);
  } else if (set) {
    set.delete(e);
    if (!set.size) map.delete(e.owner);
  }
}

export class Lever {
  private readonly ids: OwnedIds;
  private readonly byId = new Map<string, Entry>();
  /** Every order of a user, in the order placed. */
  private readonly byUser = new Map<string, Entry[]>();
  private readonly delegations = new Map<string, Set<Entry>>();
  private readonly positions = new Map<string, Set<Entry>>();
  /** Nesting of the operation in progress: account events wait until it ends, one per user. */
  private depth = 0;
  private readonly dirty = new Set<string>();
  /** Last prices read during the operation in progress (constant meanwhile). */
  private prices: Map<string, Big> | null = null;
  private floatPrices: Map<string, number> | null = null;
  private absorbedTotal = ZERO;

  constructor(private readonly deps: LeverDeps) {
    this.ids = new OwnedIds(deps.seed);
  }

  /** What the platform absorbed so far: losses and fees beyond users' lever balances. */
  get absorbed(): Big {
    return this.absorbedTotal;
  }

  symbols(): readonly LeverSymbol[] {
    return LEVER_SYMBOLS;
  }

  // ---- reading ---------------------------------------------------------------------------

  /** The order as the wire shows it, its fields always in the contract's order. */
  private view(e: Entry): LeverOrder {
    const out: Partial<Record<keyof LeverOrder, unknown>> = {};
    for (const k of ORDER_FIELDS) if (e.order[k] !== undefined) out[k] = e.order[k];
    return out as LeverOrder;
  }

  private last(symbol: string): Big {
    // Memoised only within an operation (prices cannot move meanwhile); flush forgets them.
    if (this.depth === 0) return this.deps.market.snapshot(symbol).last;
    const memo = (this.prices ??= new Map());
    let p = memo.get(symbol);
    if (!p) memo.set(symbol, (p = this.deps.market.snapshot(symbol).last));
    return p;
  }

  private floatLast(symbol: string): number {
    if (this.depth === 0) return Number(this.last(symbol));
    const memo = (this.floatPrices ??= new Map());
    let p = memo.get(symbol);
    if (p === undefined) memo.set(symbol, (p = Number(this.last(symbol))));
    return p;
  }

  /** Unrealized P/L of a position at `price`, exact. */
  private pnl(e: Entry, price: Big): Big {
    const move = price.minus(e.open!).times(e.quantity);
    return e.long ? move : move.neg();
  }

  private balance(userId: string): { available: Big; frozen: Big } {
    return this.deps.ledger.balance(userId, 'lever', USDT);
  }

  /**
   * The user's risk rate as the client sees it (equity with the unrealized P/L truncated, divided
   * by the position margin, 4 decimals truncated), after an optional change: a fee paid, a
   * position added. Null without positions.
   */
  private risk(userId: string, change?: { paid: Big; pnl: Big; margin: Big }): Big | null {
    let margin = change?.margin ?? ZERO;
    let pnl = change?.pnl ?? ZERO;
    for (const p of this.positions.get(userId) ?? []) {
      margin = margin.plus(p.margin);
      pnl = pnl.plus(this.pnl(p, this.last(p.order.symbol)));
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
      pnl = pnl.plus(this.pnl(p, this.last(p.order.symbol)));
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
    return { ...page, items: items.map((e) => this.view(e)) };
  }

  /** What a transfer may take out of the user's lever account: available less unrealized losses, rounded down, at least zero. */
  transferable(userId: string): Big {
    let pnl = ZERO;
    for (const p of this.positions.get(userId) ?? []) pnl = pnl.plus(this.pnl(p, this.last(p.order.symbol)));
    const free = dec.round(this.balance(userId).available.plus(pnl.lt(0) ? pnl : ZERO), DP, 'received');
    return free.gt(0) ? free : ZERO;
  }

  /**
   * A ledger guard (World wires it): refuses a transfer that takes more USDT out of a lever account
   * than `transferable`. Only USDT backs positions; another coin there is held by its own balance.
   */
  guardTransfer(reason: Reason, legs: readonly Leg[]): void {
    if (reason !== 'transfer') return;
    for (const leg of legs) {
      if (leg.kind !== 'lever' || leg.coin !== USDT || isSystem(leg.owner)) continue;
      if (leg.available?.lt(0) && leg.available.neg().gt(this.transferable(leg.owner))) throw insufficient();
    }
  }

  // ---- changes by the user ---------------------------------------------------------------

  /** Runs `fn` as one change: the account event of each user it touched is sent once, at its end, after the risk check. */
  private batch<T>(fn: () => T): T {
    this.depth++;
    try {
      return fn();
    } finally {
      if (--this.depth === 0) this.flush();
    }
  }

  /** Hears every ledger posting on a user's lever account (World wires it): an operation's own wait for its end. */
  touched(userId: string): void {
    this.dirty.add(userId);
    if (this.depth === 0) this.flush();
  }

  private flush(): void {
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

  private changed(e: Entry, at = this.deps.market.now()): void {
    e.order.updatedAt = at;
    this.deps.onOrder(e.owner, this.view(e));
  }

  private own(userId: string, id: string): Entry {
    const e = this.byId.get(id);
    if (!e || e.owner !== userId) throw new DomainError('not_found', 'This order does not exist');
    return e;
  }

  /** A price field of a request: positive, at most the symbol's price decimals. */
  private parsePrice(terms: LeverTerms, value: string | undefined, field: keyof typeof FIELD_NAMES): Big | undefined {
    if (value === undefined) return undefined;
    const v = new Big(value);
    if (v.lte(0)) throw new DomainError('amount_invalid', `Enter the ${FIELD_NAMES[field]} correctly`).with({ field });
    if (!v.round(terms.pricePrecision, Big.roundDown).eq(v)) {
      throw new DomainError('amount_precision', `The ${FIELD_NAMES[field]} has at most ${terms.pricePrecision} decimal places`).with({
        field,
        places: terms.pricePrecision,
      });
    }
    return v;
  }

  /** Take-profit and stop-loss against the reference price: for a long above and below it, for a short the reverse. */
  private checkTriggers(terms: LeverTerms, long: boolean, reference: Big, takeProfit?: Big, stopLoss?: Big): void {
    const price = dec.fixed(reference, terms.pricePrecision);
    if (takeProfit && (long ? !takeProfit.gt(reference) : !takeProfit.lt(reference))) {
      throw new DomainError('take_profit_invalid', `The take-profit price must be ${long ? 'above' : 'below'} ${price}`).with({ price });
    }
    if (stopLoss && (long ? !stopLoss.lt(reference) : !stopLoss.gt(reference))) {
      throw new DomainError('stop_loss_invalid', `The stop-loss price must be ${long ? 'below' : 'above'} ${price}`).with({ price });
    }
  }

  open(userId: string, req: Schemas['OpenLeverRequest']): LeverOrder {
    const terms = leverTerms(req.symbol);
    if (!terms) throw new DomainError('unknown_symbol', `Unknown symbol ${req.symbol}`).with({ symbol: req.symbol });
    const lots = new Big(req.lots);
    if (lots.lt(terms.minLots) || lots.gt(terms.maxLots) || !lots.mod(terms.lotStep).eq(0)) {
      const [min, max, step] = [terms.minLots, terms.maxLots, terms.lotStep].map((v) => dec.fixed(v, terms.lotDecimals));
      throw new DomainError('lots_out_of_bounds', `Lots go from ${min} to ${max} in steps of ${step}`).with({ min, max, step });
    }
    if (!terms.multiples.includes(req.multiple)) {
      const multiples = terms.multiples.join(',');
      throw new DomainError('multiple_not_offered', `Choose one of the multiples ${terms.multiples.join(', ')}`).with({ multiples });
    }
    // The delegate price is ignored at market.
    const price = req.type === 'limit' ? this.parsePrice(terms, req.price, 'price') : undefined;
    const takeProfit = this.parsePrice(terms, req.takeProfit, 'takeProfit');
    const stopLoss = this.parsePrice(terms, req.stopLoss, 'stopLoss');
    const long = req.side === 'long';
    const reference = price ?? this.last(req.symbol);
    this.checkTriggers(terms, long, reference, takeProfit, stopLoss);
    const quantity = lots.times(terms.contractSize);
    const value = reference.times(quantity);
    const margin = dec.round(value.div(req.multiple), DP, 'paid');
    const fee = dec.round(value.times(FEE_RATE), DP, 'fee');
    const required = margin.plus(fee);
    const insufficient = () => new DomainError('insufficient_margin', `Not enough margin: ${usdt(required)} USDT is needed`).with({ required: usdt(required) });
    if (this.balance(userId).available.lt(required)) throw insufficient();
    if (!price) {
      const after = this.risk(userId, { paid: fee, pnl: ZERO, margin });
      if (after && after.lte(LINE)) throw insufficient();
    }

    return this.batch(() => {
      const now = this.deps.market.now();
      const id = this.ids.next('lv', userId);
      const e: Entry = {
        owner: userId,
        terms,
        long,
        quantity,
        margin,
        frozen: price ? required : margin,
        price,
        open: price ? undefined : reference,
        takeProfit,
        stopLoss,
        order: {
          id,
          symbol: req.symbol,
          side: req.side,
          type: req.type,
          lots: dec.fixed(lots, terms.lotDecimals),
          multiple: req.multiple,
          quantity: dec.fixed(quantity, terms.amountPrecision),
          ...(price ? { price: dec.fixed(price, terms.pricePrecision) } : { openPrice: dec.fixed(reference, terms.pricePrecision) }),
          margin: usdt(margin),
          openFee: usdt(fee),
          closeFee: usdt(ZERO),
          overnightFee: usdt(ZERO),
          ...(takeProfit ? { takeProfit: dec.fixed(takeProfit, terms.pricePrecision) } : {}),
          ...(stopLoss ? { stopLoss: dec.fixed(stopLoss, terms.pricePrecision) } : {}),
          status: price ? 'delegating' : 'dealing',
          time: now,
          ...(price ? {} : { openedAt: now }),
          updatedAt: now,
        },
      };
      if (price) {
        this.deps.ledger.post(id, 'freeze', [{ owner: userId, kind: 'lever', coin: USDT, available: required.neg(), frozen: required }]);
      } else {
        this.deps.ledger.post(id, 'trade', [
          { owner: userId, kind: 'lever', coin: USDT, available: required.neg(), frozen: margin },
          { owner: SYSTEM.fees, kind: 'lever', coin: USDT, available: fee },
        ]);
      }
      this.byId.set(id, e);
      const mine = this.byUser.get(userId) ?? [];
      mine.push(e);
      this.byUser.set(userId, mine);
      index(price ? this.delegations : this.positions, e, true);
      // A delegation the price has already reached opens at once (one event: its state after).
      if (price && this.reached(e)) this.fill(e);
      else this.changed(e, now);
      return this.view(e);
    });
  }

  /** Whether the last price has reached a delegation's price (a long's: at or below it; a short's: at or above it). */
  private reached(d: Entry): boolean {
    const last = this.last(d.order.symbol);
    return d.long ? last.lte(d.price!) : last.gte(d.price!);
  }

  cancel(userId: string, id: string): LeverOrder {
    const e = this.own(userId, id);
    if (e.order.status !== 'delegating') throw new DomainError('order_closed', 'This order is no longer a delegation');
    return this.batch(() => {
      this.release(e);
      return this.view(e);
    });
  }

  setTpSl(userId: string, req: Schemas['LeverTpSlRequest']): LeverOrder {
    const e = this.own(userId, req.id);
    if (e.order.status === 'closed' || e.order.status === 'cancelled') throw new DomainError('order_closed', 'This order is already closed or cancelled');
    const takeProfit = this.parsePrice(e.terms, req.takeProfit, 'takeProfit');
    const stopLoss = this.parsePrice(e.terms, req.stopLoss, 'stopLoss');
    this.checkTriggers(e.terms, e.long, e.order.status === 'delegating' ? e.price! : this.last(e.order.symbol), takeProfit, stopLoss);
    return this.batch(() => {
      e.takeProfit = takeProfit;
      e.stopLoss = stopLoss;
      const { takeProfit: _tp, stopLoss: _sl, ...rest } = e.order;
      e.order = {
        ...rest,
        ...(takeProfit ? { takeProfit: dec.fixed(takeProfit, e.terms.pricePrecision) } : {}),
        ...(stopLoss ? { stopLoss: dec.fixed(stopLoss, e.terms.pricePrecision) } : {}),
      };
      this.changed(e);
      return this.view(e);
    });
  }

  close(userId: string, id: string): LeverOrder {
    const e = this.own(userId, id);
    if (e.order.status !== 'dealing') throw new DomainError('order_closed', 'This order is not an open position');
    return this.batch(() => {
      this.closeMany([[e, 'user']]);
      return this.view(e);
    });
  }

  closeAll(userId: string): LeverOrder[] {
    return this.batch(() => {
      const list = [...(this.positions.get(userId) ?? [])];
      return this.closeMany(list.map((e) => [e, 'user'])).map((e) => this.view(e));
    });
  }

  // ---- the engine ------------------------------------------------------------------------

  /** Cancels a delegation: its margin and fee go back to available. */
  private release(e: Entry): void {
    this.deps.ledger.post(e.order.id, 'unfreeze', [{ owner: e.owner, kind: 'lever', coin: USDT, available: e.frozen, frozen: e.frozen.neg() }]);
    e.frozen = ZERO;
    index(this.delegations, e, false);
    const now = this.deps.market.now();
    e.order.status = 'cancelled';
    e.order.closedAt = now;
    this.changed(e, now);
  }

  /**
   * Cross margin: makes `needed` available if the rest of the lever balance can — first the
   * delegations are cancelled (newest first), then margin is taken from the open positions other
   * than `except` (newest first) — and answers what is available then.
   */
  private free(userId: string, needed: Big, except?: Entry): Big {
    let { available } = this.balance(userId);
    for (const d of [...(this.delegations.get(userId) ?? [])].reverse()) {
      if (available.gte(needed)) return available;
      this.release(d);
      available = this.balance(userId).available;
    }
    for (const p of [...(this.positions.get(userId) ?? [])].reverse()) {
      if (available.gte(needed)) return available;
      if (p === except || p.margin.eq(0)) continue;
      const missing = needed.minus(available);
      const take = missing.lt(p.margin) ? missing : p.margin;
      this.deps.ledger.post(p.order.id, 'unfreeze', [{ owner: p.owner, kind: 'lever', coin: USDT, available: take, frozen: take.neg() }]);
      p.margin = p.margin.minus(take);
      p.frozen = p.margin;
      p.order.margin = usdt(p.margin);
      p.floats = undefined;
      this.changed(p);
      available = this.balance(userId).available;
    }
    return available;
  }

  /** What closing a position at `price` means: its P/L, fee, and the change of available (margin + P/L − fee). */
  private closing(e: Entry, price: Big) {
    const pnl = settledPnl(this.pnl(e, price));
    const fee = dec.round(price.times(e.quantity).times(FEE_RATE), DP, 'fee');
    return { pnl, fee, net: e.margin.plus(pnl).minus(fee) };
  }

  /**
   * Closes positions at their symbols' last prices. When a user's balance could not pay what they
   * realize, the account is settled whole: the user's other positions are closed too
   * (liquidation). Each user's positions are settled most profitable first, so that a profit pays
   * for a loss before anything is taken from elsewhere. Returns the positions asked for, in the
   * order settled.
   */
  private closeMany(list: Array<[Entry, CloseReason]>): Entry[] {
    const all = new Map<Entry, CloseReason>(list);
    const realized = new Map<string, Big>();
    for (const [e] of list) {
      const { pnl, fee } = this.closing(e, this.last(e.order.symbol));
      realized.set(e.owner, (realized.get(e.owner) ?? ZERO).plus(pnl).minus(fee));
    }
    for (const [userId, sum] of realized) {
      const { available, frozen } = this.balance(userId);
      if (available.plus(frozen).plus(sum).gt(0)) continue;
      for (const p of this.positions.get(userId) ?? []) if (!all.has(p)) all.set(p, 'liquidation');
    }
    const ranked = [...all].map(([e, reason]) => ({ e, reason, net: this.closing(e, this.last(e.order.symbol)).net })).sort((a, b) => b.net.cmp(a.net));
    for (const { e, reason } of ranked) this.settle(e, reason);
    return ranked.map(({ e }) => e).filter((e) => list.some(([x]) => x === e));
  }

  private settle(e: Entry, reason: CloseReason): void {
    const price = this.last(e.order.symbol);
    const { pnl, fee, net } = this.closing(e, price);
    let { available } = this.balance(e.owner);
    if (available.plus(net).lt(0)) available = this.free(e.owner, net.neg(), e);
    // The user's lever balance never goes below zero: the platform absorbs what is missing.
    const credited = available.plus(net).lt(0) ? available.neg() : net;
    this.absorbedTotal = this.absorbedTotal.plus(credited.minus(net));
    this.deps.ledger.post(e.order.id, 'trade', [
      { owner: e.owner, kind: 'lever', coin: USDT, available: credited, frozen: e.margin.neg() },
      { owner: SYSTEM.fees, kind: 'lever', coin: USDT, available: fee },
      { owner: SYSTEM.lever, kind: 'lever', coin: USDT, available: e.margin.minus(credited).minus(fee) },
    ]);
    e.frozen = ZERO;
    index(this.positions, e, false);
    const now = this.deps.market.now();
    Object.assign(e.order, {
      status: 'closed',
      closePrice: dec.fixed(price, e.terms.pricePrecision),
      closeFee: usdt(fee),
      realizedPnl: usdt(pnl),
      closeReason: reason,
      closedAt: now,
    });
    this.changed(e, now);
  }

  /** Closes every position of the user when the risk rate is at or below the liquidation line (or no margin is left). */
  private checkRisk(userId: string): void {
    const set = this.positions.get(userId);
    if (!set?.size) return;
    // Every second, for every account with positions: a float estimate first, and the exact
    // decimal arithmetic only for an account near the line (floats err by far less than 1 %).
    let margin = 0;
    let pnl = 0;
    for (const p of set) {
      const f = (p.floats ??= { open: Number(p.open), quantity: Number(p.quantity), margin: Number(p.margin) });
      const move = (this.floatLast(p.order.symbol) - f.open) * f.quantity;
      margin += f.margin;
      pnl += p.long ? move : -move;
    }
    const { available, frozen } = this.balance(userId);
    if (margin > 0 && (Number(available) + Number(frozen) + pnl) / margin > FLOAT_LINE) return;
    const risk = this.risk(userId);
    if (risk === null || risk.lte(LINE)) this.closeMany([...set].map((e) => [e, 'liquidation']));
  }

  /** A delegation reached: opens at its price, paying its frozen fee, unless that would bring the account to the line (then it is cancelled). */
  private fill(e: Entry): void {
    const fee = e.frozen.minus(e.margin);
    const open = e.price!;
    e.open = open;
    const after = this.risk(e.owner, { paid: fee, pnl: this.pnl(e, this.last(e.order.symbol)), margin: e.margin });
    if (after && after.lte(LINE)) {
      e.open = undefined;
      this.release(e);
      return;
    }
    this.deps.ledger.post(e.order.id, 'fee', [
      { owner: e.owner, kind: 'lever', coin: USDT, frozen: fee.neg() },
      { owner: SYSTEM.fees, kind: 'lever', coin: USDT, available: fee },
    ]);
    e.frozen = e.margin;
    index(this.delegations, e, false);
    index(this.positions, e, true);
    const now = this.deps.market.now();
    Object.assign(e.order, { status: 'dealing', openPrice: dec.fixed(open, e.terms.pricePrecision), openedAt: now });
    this.changed(e, now);
  }

  /**
   * After prices moved (every virtual second, and a price set through the control API): reached
   * delegations open, take-profits and stop-losses close their positions, accounts at the
   * liquidation line are liquidated. Only users with delegations or positions cost anything; each
   * symbol's price is read once.
   */
  onPrices(): void {
    if (!this.delegations.size && !this.positions.size) return;
    this.batch(() => {
      for (const set of [...this.delegations.values()]) {
        for (const d of [...set]) if (this.reached(d)) this.fill(d);
      }
      const hit: Array<[Entry, CloseReason]> = [];
      for (const set of this.positions.values()) {
        for (const p of set) {
          const last = this.last(p.order.symbol);
          if (p.takeProfit && (p.long ? last.gte(p.takeProfit) : last.lte(p.takeProfit))) hit.push([p, 'take_profit']);
          else if (p.stopLoss && (p.long ? last.lte(p.stopLoss) : last.gte(p.stopLoss))) hit.push([p, 'stop_loss']);
        }
      }
      if (hit.length) this.closeMany(hit);
      for (const userId of [...this.positions.keys()]) this.checkRisk(userId);
    });
  }

  /**
   * At 00:00 UTC (`at`): every position opened before pays its overnight fee, from the available
   * balance, then as `free` finds it. When the whole balance cannot pay it, the user's positions
   * are liquidated first (their profits count), and what is still missing is absorbed.
   */
  chargeOvernight(at: number): void {
    if (!this.positions.size) return;
    this.batch(() => {
      for (const set of [...this.positions.values()]) {
        for (const e of [...set].filter((p) => p.order.openedAt! < at)) {
          const fee = dec.round(e.open!.times(e.quantity).times(OVERNIGHT_RATE), DP, 'fee');
          const { available, frozen } = this.balance(e.owner);
          if (available.plus(frozen).lt(fee)) this.closeMany([...(this.positions.get(e.owner) ?? [])].map((p) => [p, 'liquidation']));
          const free = this.balance(e.owner).available.lt(fee) ? this.free(e.owner, fee) : fee;
          const paid = free.lt(fee) ? free : fee;
          this.absorbedTotal = this.absorbedTotal.plus(fee.minus(paid));
          const legs: Leg[] = [
            { owner: e.owner, kind: 'lever', coin: USDT, available: paid.neg() },
            { owner: SYSTEM.fees, kind: 'lever', coin: USDT, available: fee },
            { owner: SYSTEM.lever, kind: 'lever', coin: USDT, available: paid.minus(fee) },
          ];
          this.deps.ledger.post(e.order.id, 'fee', legs);
          e.order.overnightFee = usdt(new Big(e.order.overnightFee).plus(fee));
          this.changed(e, at);
        }
      }
    });
  }
}
