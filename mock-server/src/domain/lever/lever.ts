/**
 * Lever contracts: long and short positions with a multiple on the user's lever account (USDT,
 * cross margin), opened at market or as delegations (limit orders), with take-profit, stop-loss,
 * overnight fees and liquidation. The terms are in terms.ts. Money moves only through the
 * ledger, on the user's `lever` account; fees go to `system:fees`, and `system:lever` (the platform)
 * is the other side of every profit and loss. Amounts are USDT at USDT's precision; prices are at
 * the symbol's pricePrecision.
 *
 * The rules are docs/mock/lever.md's table; the arithmetic of one order is in entry.ts, the book in
 * book.ts, what happens without the user acting in engine.ts, and the user's actions here.
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import * as dec from '../kernel/decimals.ts';
import { DomainError } from '../kernel/errors.ts';
import { SYSTEM } from '../kernel/ledger.ts';
import { USDT } from '../market/symbols.ts';
import { LeverEngine } from './engine.ts';
import { checkTriggers, DP, FEE_RATE, index, LINE, orderView, parseCloseLots, parsePrice, usdt, ZERO, type Entry, type LeverOrder } from './entry.ts';
import { leverTerms } from './terms.ts';

export type { LeverAccount, LeverDeps, LeverOrder } from './entry.ts';

type Schemas = components['schemas'];

export class Lever extends LeverEngine {
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
    const price = req.type === 'limit' ? parsePrice(terms, req.price, 'price') : undefined;
    const takeProfit = parsePrice(terms, req.takeProfit, 'takeProfit');
    const stopLoss = parsePrice(terms, req.stopLoss, 'stopLoss');
    const long = req.side === 'long';
    const reference = price ?? this.last(req.symbol);
    checkTriggers(terms, long, reference, takeProfit, stopLoss);
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
      return orderView(e);
    });
  }

  cancel(userId: string, id: string): LeverOrder {
    const e = this.own(userId, id);
    if (e.order.status !== 'delegating') throw new DomainError('order_closed', 'This order is no longer a delegation');
    return this.batch(() => {
      this.release(e);
      return orderView(e);
    });
  }

  setTpSl(userId: string, req: Schemas['LeverTpSlRequest']): LeverOrder {
    const e = this.own(userId, req.id);
    if (e.order.status === 'closed' || e.order.status === 'cancelled') throw new DomainError('order_closed', 'This order is already closed or cancelled');
    const takeProfit = parsePrice(e.terms, req.takeProfit, 'takeProfit');
    const stopLoss = parsePrice(e.terms, req.stopLoss, 'stopLoss');
    checkTriggers(e.terms, e.long, e.order.status === 'delegating' ? e.price! : this.last(e.order.symbol), takeProfit, stopLoss);
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
      return orderView(e);
    });
  }

  /** Closes a position at the last price, or `lots` of it (the part becomes an order of its own): answers what closed. */
  close(userId: string, req: Schemas['LeverCloseRequest']): LeverOrder {
    const e = this.position(userId, req.id);
    const lots = parseCloseLots(e, req.lots);
    return this.batch(() => orderView(this.closePart(e, lots, 'user')));
  }

  /**
   * Places (or replaces) a position's close order: `lots` of it close at `price` when the last price
   * reaches it (engine.ts onPrices); one the price has already reached closes at once, at the last
   * price. Answers the position after it.
   */
  placeCloseOrder(userId: string, req: Schemas['LeverCloseOrderRequest']): LeverOrder {
    const e = this.position(userId, req.id);
    const price = parsePrice(e.terms, req.price, 'price')!;
    const lots = parseCloseLots(e, req.lots);
    return this.batch(() => {
      e.closeOrder = { price, lots };
      this.showCloseOrder(e, this.deps.market.now());
      if (this.closeReached(e)) {
        e.closeOrder = undefined;
        this.showCloseOrder(e);
        this.closePart(e, lots, 'close_order');
      } else this.changed(e);
      return orderView(e);
    });
  }

  cancelCloseOrder(userId: string, id: string): LeverOrder {
    const e = this.position(userId, id);
    if (!e.closeOrder) throw new DomainError('not_found', 'This position has no close order');
    return this.batch(() => {
      e.closeOrder = undefined;
      this.showCloseOrder(e);
      this.changed(e);
      return orderView(e);
    });
  }

  /** One of the user's open positions. */
  private position(userId: string, id: string): Entry {
    const e = this.own(userId, id);
    if (e.order.status !== 'dealing') throw new DomainError('order_closed', 'This order is not an open position');
    return e;
  }

  closeAll(userId: string): LeverOrder[] {
    return this.batch(() => {
      const list = [...(this.positions.get(userId) ?? [])];
      return this.closeMany(list.map((e) => [e, 'user'])).map((e) => orderView(e));
    });
  }
}
