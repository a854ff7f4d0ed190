/**
 * Spot trading: the users' limit and market orders and their matching against the synthetic book
 * (liquidity.ts). Funds are frozen in the exchange account on placement and settled
 * through the ledger on every fill, the fee (0.1 %) taken from what the user receives.
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import * as dec from '../kernel/decimals.ts';
import { DomainError } from '../kernel/errors.ts';
import { insufficient, Ledger, SYSTEM } from '../kernel/ledger.ts';
import type { Market } from '../market/market.ts';
import { SETTLEMENT_PRECISION } from '../market/symbols.ts';
import type { Level, Liquidity } from '../market/liquidity.ts';
import { OwnedIds, Rng } from '../kernel/random.ts';
import { paged } from '../kernel/paging.ts';

type Schemas = components['schemas'];
export type Order = Schemas['Order'];
export const SPOT_FEE = new Big('0.001');

interface OrderState extends Order {
  owner: string;
  /** Quote (buy) or base (sell) still frozen for this order. */
  frozen: Big;
  /** Σ quantity × price of the fills, unrounded: what avgPrice is the average of. */
  notional: Big;
}

export class Trade {
  private readonly orders = new Map<string, OrderState>();
  private readonly ids: OwnedIds;

  constructor(
    private readonly seed: number,
    private readonly market: Market,
    private readonly liquidity: Liquidity,
    private readonly ledger: Ledger,
    private readonly onOrder: (userId: string, order: Order) => void,
    /** A user paid a trading fee (once per order and matching round, the fee of that round). */
    private readonly onFee: (userId: string, fee: { symbol: string; coin: string; amount: Big }) => void = () => {},
  ) {
    this.ids = new OwnedIds(seed);
  }

  // ---- orders ------------------------------------------------------------------------------

  private view(o: OrderState): Order {
    const { owner: _owner, frozen: _frozen, notional: _notional, ...order } = o;
    return { ...order };
  }

  private changed(o: OrderState): void {
    o.updatedAt = this.market.snapshot(o.symbol).time;
    this.onOrder(o.owner, this.view(o));
  }

  place(userId: string, req: Schemas['PlaceOrderRequest']): Order {
    const m = this.market.snapshot(req.symbol);
    const parse = (value: string | undefined, places: number, what: string): Big | undefined => {
      if (value === undefined) return undefined;
      const v = new Big(value);
      if (v.lte(0)) throw new DomainError('amount_invalid', `Enter the ${what} correctly`);
      if (!v.round(places, Big.roundDown).eq(v)) throw new DomainError('amount_precision', `The ${what} has at most ${places} decimal places`).with({ places });
      return v;
    };
    const price = parse(req.price, m.pricePrecision, 'price');
    const quantity = parse(req.quantity, m.amountPrecision, 'quantity');
    const quoteAmount = parse(req.quoteAmount, m.quotePrecision, 'amount');
    if (req.type === 'limit' && !price) throw new DomainError('price_required', 'Please enter the price');
    if (req.type === 'limit' && !quantity) throw new DomainError('quantity_required', 'Please enter the quantity');
    if (req.type === 'market' && !quantity && !(req.side === 'buy' && quoteAmount)) {
      throw req.side === 'buy'
        ? new DomainError('amount_required', 'Please enter the amount')
        : new DomainError('quantity_required', 'Please enter the quantity');
    }
    const book = this.liquidity.book(req.symbol);
    const opposite = req.side === 'buy' ? book.asks : book.bids;
    if (req.type === 'market' && !opposite.length) throw new DomainError('no_liquidity', 'No best price at present');

    // What to freeze: buys freeze quote, sells freeze base.
    let frozen: Big;
    if (req.side === 'sell') frozen = quantity!;
    else if (req.type === 'limit') frozen = dec.round(price!.times(quantity!), SETTLEMENT_PRECISION, 'paid');
    else frozen = quoteAmount ?? this.costOf(opposite, quantity!);
    const coin = req.side === 'buy' ? m.quote : m.base;
    if (this.ledger.balance(userId, 'exchange', coin).available.lt(frozen)) throw insufficient();

    const id = this.ids.next('od', userId);
    this.ledger.post(id, 'freeze', [{ owner: userId, kind: 'exchange', coin, available: frozen.neg(), frozen }]);
    const order: OrderState = {
      id,
      symbol: req.symbol,
      side: req.side,
      type: req.type,
      ...(price ? { price: dec.price(m, price) } : {}),
      quantity: dec.quantity(m, quantity ?? '0'),
      ...(quoteAmount ? { quoteAmount: dec.quote(m, quoteAmount) } : {}),
      filled: dec.quantity(m, '0'),
      filledAmount: dec.settled('0'),
      // A buy's fee is in the base coin (amountPrecision), a sell's in the quote coin (settled).
      fee: req.side === 'buy' ? dec.quantity(m, '0') : dec.settled('0'),
      feeCoin: req.side === 'buy' ? m.base : m.quote,
      status: 'pending',
      time: m.time,
      updatedAt: m.time,
      owner: userId,
      frozen,
      notional: new Big(0),
    };
    this.orders.set(id, order);
    // Take what the book offers now: all of it for market orders, up to the price for limit ones.
    this.charged(order, () => this.take(order, opposite));
    // One `order` event per change: a limit order filled in full here was closed (and sent) by take.
    if (order.type === 'market') this.close(order, 'completed');
    else if (order.status === 'pending') this.changed(order);
    return this.view(order);
  }

  /** Quote cost of buying `quantity` from the asks, walking the levels (rounded up). */
  private costOf(asks: Level[], quantity: Big): Big {
    let left = quantity;
    let cost = new Big(0);
    for (const [p, q] of asks) {
      const take = left.lt(q) ? left : new Big(q);
      cost = cost.plus(take.times(p));
      left = left.minus(take);
      if (left.lte(0)) break;
    }
    if (left.gt(0)) throw new DomainError('no_liquidity', 'No best price at present');
    return dec.round(cost, SETTLEMENT_PRECISION, 'paid');
  }

  /** Fills against book levels (taker), at each level's price. */
  private take(order: OrderState, levels: Level[]): void {
    const m = this.market.snapshot(order.symbol);
    for (const [p, q] of levels) {
      const price = new Big(p);
      if (order.price && (order.side === 'buy' ? price.gt(order.price) : price.lt(order.price))) break;
      let want = this.remaining(order);
      if (order.side === 'buy' && order.type === 'market' && order.quoteAmount) {
        // A market buy by amount: as much as the frozen quote still buys at this level.
        want = dec.round(order.frozen.div(price), m.amountPrecision, 'received');
      }
      const take = want.lt(q) ? want : new Big(q);
      if (take.lte(0)) break;
      this.fill(order, take, price);
    }
  }

  /** Runs fills and announces the fee they charged, if any. */
  private charged(order: OrderState, fills: () => void): void {
    const before = new Big(order.fee);
    fills();
    const amount = new Big(order.fee).minus(before);
    if (amount.gt(0)) this.onFee(order.owner, { symbol: order.symbol, coin: order.feeCoin, amount });
  }

  private remaining(order: OrderState): Big {
    return new Big(order.quantity).minus(order.filled);
  }

  /** One fill: ledger settlement with the desk, fee to the fee account, order updated. */
  private fill(order: OrderState, quantity: Big, price: Big): void {
    const m = this.market.snapshot(order.symbol);
    const amount = quantity.times(price);
    const legs = [];
    if (order.side === 'buy') {
      const cost = dec.round(amount, SETTLEMENT_PRECISION, 'paid');
      if (cost.gt(order.frozen)) return;
      const rounded = dec.round(quantity.times(SPOT_FEE), m.amountPrecision, 'fee');
      const fee = rounded.gt(quantity) ? quantity : rounded;
      legs.push(
        { owner: order.owner, kind: 'exchange' as const, coin: m.quote, frozen: cost.neg() },
        { owner: SYSTEM.desk, kind: 'exchange' as const, coin: m.quote, available: cost },
        { owner: SYSTEM.desk, kind: 'exchange' as const, coin: m.base, available: quantity.neg() },
        { owner: order.owner, kind: 'exchange' as const, coin: m.base, available: quantity.minus(fee) },
        { owner: SYSTEM.fees, kind: 'exchange' as const, coin: m.base, available: fee },
      );
      order.frozen = order.frozen.minus(cost);
      order.fee = dec.quantity(m, new Big(order.fee).plus(fee));
      order.filledAmount = dec.settled(new Big(order.filledAmount).plus(cost));
    } else {
      const proceeds = dec.round(amount, SETTLEMENT_PRECISION, 'received');
      // Rounded up, but never more than the proceeds (a dust fill must not credit a negative amount).
      const rounded = dec.round(proceeds.times(SPOT_FEE), SETTLEMENT_PRECISION, 'fee');
      const fee = rounded.gt(proceeds) ? proceeds : rounded;
      legs.push(
        { owner: order.owner, kind: 'exchange' as const, coin: m.base, frozen: quantity.neg() },
        { owner: SYSTEM.desk, kind: 'exchange' as const, coin: m.base, available: quantity },
        { owner: SYSTEM.desk, kind: 'exchange' as const, coin: m.quote, available: proceeds.neg() },
        { owner: order.owner, kind: 'exchange' as const, coin: m.quote, available: proceeds.minus(fee) },
        { owner: SYSTEM.fees, kind: 'exchange' as const, coin: m.quote, available: fee },
      );
      order.frozen = order.frozen.minus(quantity);
      order.fee = dec.settled(new Big(order.fee).plus(fee));
      order.filledAmount = dec.settled(new Big(order.filledAmount).plus(proceeds));
    }
    this.ledger.post(order.id, 'trade', legs);
    const filled = new Big(order.filled).plus(quantity);
    order.filled = dec.quantity(m, filled);
    order.notional = order.notional.plus(amount);
    // The volume-weighted average of the fill prices (not of the rounded settlement), truncated.
    order.avgPrice = dec.price(m, order.notional.div(filled), 'display');
    if (order.type === 'market' && order.quoteAmount) order.quantity = order.filled;
    if (order.type === 'limit' && this.remaining(order).lte(0)) this.close(order, 'completed');
  }

  /** Ends an order: what is still frozen goes back to available. */
  private close(order: OrderState, status: 'completed' | 'cancelled'): void {
    const m = this.market.snapshot(order.symbol);
    if (order.frozen.gt(0)) {
      const coin = order.side === 'buy' ? m.quote : m.base;
      this.ledger.post(order.id, 'unfreeze', [{ owner: order.owner, kind: 'exchange', coin, available: order.frozen, frozen: order.frozen.neg() }]);
      order.frozen = new Big(0);
    }
    order.status = status === 'completed' && new Big(order.filled).eq(0) ? 'cancelled' : status;
    this.changed(order);
  }

  /** Called once per virtual second after prices moved: resting limit orders fill when the simulated market reaches their price, at that price. */
  matchResting(): void {
    for (const order of this.orders.values()) {
      if (order.status !== 'pending' || order.type !== 'limit' || this.liquidity.halted.has(order.symbol)) continue;
      const m = this.market.snapshot(order.symbol);
      const crossed = order.side === 'buy' ? m.last.lte(order.price!) : m.last.gte(order.price!);
      if (!crossed) continue;
      const rng = new Rng(this.seed, `${order.id}:fill:${m.second}`);
      const volume = new Big(((m.volumePerMinute / 60) * (0.5 + rng.float()) * 3).toPrecision(12)).round(m.amountPrecision, Big.roundDown);
      const left = this.remaining(order);
      const take = left.lt(volume) ? left : volume;
      if (take.gt(0)) {
        this.charged(order, () => this.fill(order, take, new Big(order.price!)));
        if (order.status === 'pending') this.changed(order);
      }
    }
  }

  cancel(userId: string, id: string): Order {
    const order = this.orders.get(id);
    if (!order || order.owner !== userId) throw new DomainError('not_found', 'This order does not exist');
    if (order.status !== 'pending') throw new DomainError('order_closed', 'This order is already completed or cancelled');
    this.close(order, 'cancelled');
    return this.view(order);
  }

  list(userId: string, q: { status?: string; symbol?: string; page?: number; pageSize?: number }): Schemas['OrderPage'] {
    const status = q.status ?? 'open';
    const all = [...this.orders.values()]
      .filter((o) => o.owner === userId && (!q.symbol || o.symbol === q.symbol))
      .filter((o) => status === 'all' || (status === 'open' ? o.status === 'pending' : o.status !== 'pending'))
      .reverse();
    const { items, ...page } = paged(all, q);
    return { ...page, items: items.map((o) => this.view(o)) };
  }
}
