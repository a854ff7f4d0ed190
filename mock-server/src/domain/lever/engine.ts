/**
 * The lever engine: what happens to orders without the user acting. Delegations open when the
 * price reaches them, triggers and liquidations close positions, cross margin frees what a close
 * or a fee costs, settlement posts a close, and the overnight fee is charged.
 */
import Big from 'big.js';
import * as dec from '../kernel/decimals.ts';
import { SYSTEM, type Leg } from '../kernel/ledger.ts';
import { USDT } from '../market/symbols.ts';
import { LeverBook } from './book.ts';
import { closingAt, DP, FLOAT_LINE, index, LINE, lotsOf, OVERNIGHT_RATE, partAt, pnlAt, restShare, usdt, ZERO, type CloseReason, type Entry } from './entry.ts';

/** A position to close, why, and at which price (its symbol's last price unless given: a close order's limit). */
type Closing = [Entry, CloseReason, Big?];

export abstract class LeverEngine extends LeverBook {
  /** Whether the last price has reached a delegation's price (a long's: at or below it; a short's: at or above it). */
  protected reached(d: Entry): boolean {
    const last = this.last(d.order.symbol);
    return d.long ? last.lte(d.price!) : last.gte(d.price!);
  }

  /** Cancels a delegation: its margin and fee go back to available. */
  protected release(e: Entry): void {
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
  protected free(userId: string, needed: Big, except?: Entry): Big {
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

  /**
   * Closes positions at their symbols' last prices (or the price given). When a user's balance could
   * not pay what they realize, the account is settled whole: the user's other positions are closed
   * too (liquidation). Each user's positions are settled most profitable first, so that a profit
   * pays for a loss before anything is taken from elsewhere. Returns the positions asked for, in
   * the order settled.
   */
  protected closeMany(list: Closing[]): Entry[] {
    const all = new Map<Entry, [CloseReason, Big]>(list.map(([e, reason, price]) => [e, [reason, price ?? this.last(e.order.symbol)]]));
    const realized = new Map<string, Big>();
    for (const [e, [, price]] of all) {
      const { pnl, fee } = closingAt(e, price);
      realized.set(e.owner, (realized.get(e.owner) ?? ZERO).plus(pnl).minus(fee));
    }
    for (const [userId, sum] of realized) {
      const { available, frozen } = this.balance(userId);
      if (available.plus(frozen).plus(sum).gt(0)) continue;
      for (const p of this.positions.get(userId) ?? []) if (!all.has(p)) all.set(p, ['liquidation', this.last(p.order.symbol)]);
    }
    const ranked = [...all].map(([e, [reason, price]]) => ({ e, reason, price, net: closingAt(e, price).net })).sort((a, b) => b.net.cmp(a.net));
    for (const { e, reason, price } of ranked) this.settle(e, reason, price);
    return ranked.map(({ e }) => e).filter((e) => list.some(([x]) => x === e));
  }

  /**
   * Closes `lots` of a position at `price` (all of them: closeMany). A part becomes an order of its
   * own (`closedFrom`), settled with partAt's figures; the position keeps the rest. If the whole
   * balance could not pay what the part realizes, the account is settled whole instead (closeMany).
   * Returns what closed: the position, or the part.
   */
  protected closePart(e: Entry, lots: Big, reason: CloseReason, price = this.last(e.order.symbol)): Entry {
    if (lots.gte(lotsOf(e))) return this.closeMany([[e, reason, price]])[0] ?? e;
    const figures = partAt(e, lots, price);
    const { available, frozen } = this.balance(e.owner);
    if (available.plus(frozen).plus(figures.pnl).minus(figures.fee).lte(0)) return this.closeMany([[e, reason, price]])[0] ?? e;
    const part = this.split(e, lots, figures.margin);
    this.settle(part, reason, price, figures);
    return part;
  }

  /** Splits `lots` (with `margin`) off a position as an order of its own, not yet settled; the position keeps the rest. */
  private split(e: Entry, lots: Big, margin: Big): Entry {
    const all = lotsOf(e);
    const rest = all.minus(lots);
    const share = (value: string) => new Big(value).minus(restShare(new Big(value), rest, all));
    const { terms } = e;
    const now = this.deps.market.now();
    const quantity = lots.times(terms.contractSize);
    const id = this.ids.next('lv', e.owner);
    const { takeProfit: _tp, stopLoss: _sl, closeOrder: _co, ...kept } = e.order;
    const part: Entry = {
      owner: e.owner,
      terms,
      long: e.long,
      quantity,
      margin,
      frozen: margin,
      price: e.price,
      open: e.open,
      order: {
        ...kept,
        id,
        lots: dec.fixed(lots, terms.lotDecimals),
        quantity: dec.fixed(quantity, terms.amountPrecision),
        margin: usdt(margin),
        openFee: usdt(share(e.order.openFee)),
        overnightFee: usdt(share(e.order.overnightFee)),
        closedFrom: e.order.id,
        updatedAt: now,
      },
    };
    this.byId.set(id, part);
    this.byUser.get(e.owner)!.push(part);
    e.quantity = e.quantity.minus(quantity);
    e.margin = e.margin.minus(margin);
    e.frozen = e.margin;
    e.floats = undefined;
    if (e.closeOrder?.lots.gt(rest)) e.closeOrder.lots = rest;
    Object.assign(e.order, {
      lots: dec.fixed(rest, terms.lotDecimals),
      quantity: dec.fixed(e.quantity, terms.amountPrecision),
      margin: usdt(e.margin),
      openFee: usdt(new Big(e.order.openFee).minus(part.order.openFee)),
      overnightFee: usdt(new Big(e.order.overnightFee).minus(part.order.overnightFee)),
    });
    this.showCloseOrder(e);
    this.changed(e, now);
    return part;
  }

  /** The position's close order as the wire shows it (or none). */
  protected showCloseOrder(e: Entry, time = e.order.closeOrder?.time ?? this.deps.market.now()): void {
    const co = e.closeOrder;
    if (!co) delete e.order.closeOrder;
    else e.order.closeOrder = { price: dec.fixed(co.price, e.terms.pricePrecision), lots: dec.fixed(co.lots, e.terms.lotDecimals), time };
  }

  /** Whether the last price has reached a position's close order (a long's: at or above it; a short's: at or below it). */
  protected closeReached(e: Entry): boolean {
    const last = this.last(e.order.symbol);
    return e.closeOrder !== undefined && (e.long ? last.gte(e.closeOrder.price) : last.lte(e.closeOrder.price));
  }

  protected settle(e: Entry, reason: CloseReason, price = this.last(e.order.symbol), figures = closingAt(e, price)): void {
    const { pnl, fee, net } = figures;
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
    // A close order goes with its position (closed first by the user, a trigger or liquidation).
    e.closeOrder = undefined;
    this.showCloseOrder(e);
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
  protected checkRisk(userId: string): void {
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
  protected fill(e: Entry): void {
    const fee = e.frozen.minus(e.margin);
    const open = e.price!;
    e.open = open;
    const after = this.risk(e.owner, { paid: fee, pnl: pnlAt(e, this.last(e.order.symbol)), margin: e.margin });
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
      // Close orders reached close their lots at their price, before the triggers.
      for (const set of [...this.positions.values()]) {
        for (const p of [...set]) {
          if (!this.closeReached(p)) continue;
          const { price, lots } = p.closeOrder!;
          p.closeOrder = undefined;
          this.closePart(p, lots, 'close_order', price);
        }
      }
      const hit: Closing[] = [];
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
