/**
 * The lever (leveraged contract) arithmetic, pure (no React, no i18n): margin, fee, equivalent
 * quantity, unrealized profit and loss, the account's equity and risk rate, and the estimated
 * liquidation price of a new position: what every lever page shows live, and what the order form
 * (leverForm) sums up. Money is big.js throughout.
 *
 * The rules are the contract's (tag lever: contracts/openapi/lever/):
 * - quantity = lots × contractSize (base coin);
 * - margin = price × quantity ÷ multiple, rounded up to USDT's 6 places;
 * - fee = price × quantity × feeRate, rounded up to 6 places (on opening, and again on closing);
 * - unrealized P/L of a long = (last − openPrice) × quantity, of a short (openPrice − last) × quantity;
 * - equity = balance + unrealized P/L; risk rate = equity ÷ positionMargin (4 places, truncated),
 *   and every position is closed when it falls to the liquidation line.
 */
import type { components } from '../../../../../contracts/generated/openapi';
import { Big } from '../../../lib/decimal';

type Schemas = components['schemas'];
export type LeverTerms = Schemas['LeverSymbol'];
export type LeverAccount = Schemas['LeverAccount'];
export type LeverOrder = Schemas['LeverOrder'];
export type LeverSide = Schemas['LeverSide'];
export type LeverKind = Schemas['OrderType'];

/** USDT's places: margin, fees and profit and loss are kept at these. */
export const USDT_PLACES = 6;
/** The risk rate's places (truncated), as the server gives it. */
export const RISK_PLACES = 4;
/** The app warns when the risk rate is below this many times the liquidation line. */
export const WARNING_FACTOR = 2;

// ---- exact arithmetic -----------------------------------------------------------------------

const step = (places: number) => new Big(10).pow(-places);

/** Decimal places of a decimal (no trailing zeros counted). */
export function placesOf(value: string | Big): number {
  const text = new Big(value).toFixed();
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * x ÷ y at `places` decimals, rounded up or down exactly (big.js divides at 20 places rounding half
 * up, which alone could round a quotient just beside a step onto it). `y` is not zero.
 */
export function divRound(x: Big, y: Big, places: number, mode: 'up' | 'down'): Big {
  const [n, d] = y.lt(0) ? [x.neg(), y.neg()] : [x, y];
  // The floor of n ÷ d: the truncated quotient, corrected when it overshot.
  let q = n.div(d).round(places, Big.roundDown);
  if (q.times(d).gt(n)) q = q.minus(step(places));
  else if (q.plus(step(places)).times(d).lte(n)) q = q.plus(step(places));
  if (mode === 'up' && q.times(d).lt(n)) q = q.plus(step(places));
  return q;
}

/** Equivalent base quantity of `lots`: lots × contractSize. */
export const quantityOf = (lots: Big, terms: Pick<LeverTerms, 'contractSize'>): Big => lots.times(terms.contractSize);

/** The margin a position freezes: price × quantity ÷ multiple, rounded up to 6 places. */
export const marginOf = (price: Big, quantity: Big, multiple: number): Big => divRound(price.times(quantity), new Big(multiple), USDT_PLACES, 'up');

/** The fee of opening (or closing) at `price`: price × quantity × feeRate, rounded up to 6 places. */
export const feeOf = (price: Big, quantity: Big, feeRate: string | Big): Big => price.times(quantity).times(feeRate).round(USDT_PLACES, Big.roundUp);

/** +1 for a long, −1 for a short. */
const signOf = (side: LeverSide) => (side === 'long' ? 1 : -1);

/** Profit or loss of `quantity` opened at `openPrice` when the price is `last` (exact). */
export function pnlAt(side: LeverSide, openPrice: string | Big, last: string | Big, quantity: string | Big): Big {
  return new Big(last).minus(openPrice).times(quantity).times(signOf(side));
}

type PnlInput = Pick<LeverOrder, 'side' | 'openPrice' | 'quantity'>;

/**
 * The last P/L computed for each position (object), with what it was computed from: the live list
 * and the account's total read the same positions at the same prices on every pulse, and each
 * position's P/L is computed once per (position, price), not once per reader.
 */
const pnlCache = new WeakMap<PnlInput, { side: LeverSide; openPrice: string; quantity: string; last: string; pnl: Big }>();

/** An open position's unrealized profit or loss at `last`; null without an opening price (a delegation). */
export function unrealizedPnl(position: PnlInput, last: string | undefined): Big | null {
  const { side, openPrice, quantity } = position;
  if (!openPrice || last === undefined) return null;
  const hit = pnlCache.get(position);
  if (hit && hit.last === last && hit.side === side && hit.openPrice === openPrice && hit.quantity === quantity) return hit.pnl;
  const pnl = pnlAt(side, openPrice, last, quantity);
  pnlCache.set(position, { side, openPrice, quantity, last, pnl });
  return pnl;
}

/** Profit or loss as a percentage of the margin ("12.5" = 12.5 %), truncated to 2 places; null without margin. */
export function pnlPercent(pnl: Big, margin: string | Big): string | null {
  const m = new Big(margin);
  if (m.lte(0)) return null;
  return pnl.times(100).div(m).round(2, Big.roundDown).toFixed();
}

/** The fee rate as a percentage (0.0005 → "0.05"). */
export const ratePercent = (rate: string | Big): string => new Big(rate).times(100).toFixed();

// ---- the account, live --------------------------------------------------------------------------

/** The last price of each symbol (from the tickers). */
export type LastPrices = Readonly<Record<string, string | undefined>>;

export interface LiveAccount {
  /** Sum of the positions' unrealized profit and loss at the last prices (exact). */
  unrealizedPnl: Big;
  /** balance + unrealized profit and loss. */
  equity: Big;
  /** equity ÷ positionMargin, 4 places truncated; null without open positions. */
  riskRate: Big | null;
}

/** The risk rate: equity ÷ margin, 4 places truncated (as the server gives it); null without margin. */
export function riskRateOf(equity: Big, positionMargin: string | Big): Big | null {
  const m = new Big(positionMargin);
  return m.gt(0) ? divRound(equity, m, RISK_PLACES, 'down') : null;
}

/**
 * The account's unrealized profit and loss, equity and risk rate at the last prices, from its
 * balance and margin and the open positions; null while a position's price is unknown (then the
 * server's figures are the best there are).
 */
export function liveAccount(
  account: Pick<LeverAccount, 'balance' | 'positionMargin'>,
  positions: ReadonlyArray<Pick<LeverOrder, 'symbol' | 'side' | 'openPrice' | 'quantity'>>,
  lasts: LastPrices,
): LiveAccount | null {
  let pnl = new Big(0);
  for (const p of positions) {
    const u = unrealizedPnl(p, lasts[p.symbol]);
    if (!u) return null;
    pnl = pnl.plus(u);
  }
  const equity = new Big(account.balance).plus(pnl);
  return { unrealizedPnl: pnl, equity, riskRate: riskRateOf(equity, account.positionMargin) };
}

/** True when the risk rate is below twice the liquidation line: time to warn. */
export function atRisk(riskRate: Big | null, liquidationLine: string | Big): boolean {
  return riskRate !== null && riskRate.lt(new Big(liquidationLine).times(WARNING_FACTOR));
}

/** A position to be opened, as the liquidation estimate needs it. */
export interface NewPosition {
  symbol: string;
  side: LeverSide;
  openPrice: Big;
  quantity: Big;
  margin: Big;
  fee: Big;
}

/**
 * The estimated liquidation price of a new position: the price of its symbol at which, once it is
 * open, the account's risk rate (equity ÷ margin, 4 places truncated, as the server reports and
 * checks it) is at or below the liquidation line, every other symbol's price fixed at its last
 * price. Positions already open in the same symbol move with it.
 *
 *   equity(P) = balance − fee + Σ other symbols' P/L + Σ same symbol sᵢ·qᵢ·(P − oᵢ)  (s = +1 long, −1 short)
 *             = A + B·P, with B = Σ sᵢ·qᵢ (the symbol's net quantity)
 *   margin'   = positionMargin + margin
 *   the truncated rate is at or below the line exactly when equity < (line + 0.0001) × margin' =: T
 *
 * A net long is liquidated below P* = (T − A) ÷ B, a net short above it: the answer is the first
 * price on the symbol's tick grid beyond P* (one tick closer to the current price is not
 * liquidated). Null when the net quantity is zero (the price cannot liquidate) or the price would
 * have to reach zero (the account would be liquidated at once: the server refuses such an open).
 */
export function liquidationPrice(
  account: Pick<LeverAccount, 'balance' | 'positionMargin'>,
  positions: ReadonlyArray<Pick<LeverOrder, 'symbol' | 'side' | 'openPrice' | 'quantity'>>,
  lasts: LastPrices,
  next: NewPosition,
  liquidationLine: string | Big,
  pricePrecision: number,
): Big | null {
  let a = new Big(account.balance).minus(next.fee);
  let b = new Big(0);
  const same = (side: LeverSide, openPrice: Big, quantity: Big) => {
    const sq = quantity.times(signOf(side));
    b = b.plus(sq);
    a = a.minus(sq.times(openPrice));
  };
  for (const p of positions) {
    if (!p.openPrice) continue;
    if (p.symbol === next.symbol) same(p.side, new Big(p.openPrice), new Big(p.quantity));
    else {
      const last = lasts[p.symbol];
      // A price not known yet counts as unchanged since opening.
      if (last !== undefined) a = a.plus(pnlAt(p.side, p.openPrice, last, p.quantity));
    }
  }
  same(next.side, next.openPrice, next.quantity);
  if (b.eq(0)) return null;
  const threshold = new Big(liquidationLine).round(RISK_PLACES, Big.roundDown).plus(step(RISK_PLACES));
  const target = threshold.times(new Big(account.positionMargin).plus(next.margin));
  const tick = step(pricePrecision);
  const price = b.gt(0) ? divRound(target.minus(a), b, pricePrecision, 'up').minus(tick) : divRound(target.minus(a), b, pricePrecision, 'down').plus(tick);
  return price.gt(0) ? price : null;
}

// ---- closing a position, or part of it ------------------------------------------------------

/** A P/L as it is settled: to USDT's places, against the user (a profit down, a loss up). */
export const settledPnl = (pnl: Big): Big => pnl.round(USDT_PLACES, pnl.gte(0) ? Big.roundDown : Big.roundUp);

/** What closing `lots` of a position at `price` realizes, and what stays open. */
export interface PartClose {
  /** P/L of the part, as settled. */
  pnl: Big;
  /** The closing fee of the part. */
  fee: Big;
  /** The margin the part releases. */
  margin: Big;
  /** What returns to the available balance: margin + P/L − fee. */
  returned: Big;
  restLots: Big;
  restQuantity: Big;
  restMargin: Big;
}

/**
 * Closing `lots` of a position at `price`, as the server settles it (closeLever): the part's P/L
 * and fee are the whole position's at that price less the remainder's, and the remainder keeps its
 * share of the margin rounded up; all of it closes when `lots` is all its lots. Null without an
 * opening price.
 */
export function partClose(
  order: Pick<LeverOrder, 'side' | 'openPrice' | 'lots' | 'quantity' | 'margin'>,
  lots: Big,
  price: Big,
  terms: Pick<LeverTerms, 'contractSize' | 'feeRate'>,
): PartClose | null {
  const { side, openPrice } = order;
  if (!openPrice) return null;
  const all = new Big(order.lots);
  const restLots = all.minus(lots);
  const restQuantity = quantityOf(restLots, terms);
  const settled = (quantity: Big) => ({ pnl: settledPnl(pnlAt(side, openPrice, price, quantity)), fee: feeOf(price, quantity, terms.feeRate) });
  const whole = settled(new Big(order.quantity));
  const kept = settled(restQuantity);
  const restMargin = divRound(new Big(order.margin).times(restLots), all, USDT_PLACES, 'up');
  const margin = new Big(order.margin).minus(restMargin);
  const pnl = whole.pnl.minus(kept.pnl);
  const fee = whole.fee.minus(kept.fee);
  return { pnl, fee, margin, returned: margin.plus(pnl).minus(fee), restLots, restQuantity, restMargin };
}

// ---- sizing by amount -------------------------------------------------------------------------

/** What opening `lots` at `price` takes from the available balance: margin + fee. */
export function costOf(lots: Big, price: Big, multiple: number, terms: Pick<LeverTerms, 'contractSize' | 'feeRate'>): Big {
  const quantity = quantityOf(lots, terms);
  return marginOf(price, quantity, multiple).plus(feeOf(price, quantity, terms.feeRate));
}

/**
 * The most lots `budget` USDT opens at `price` (margin + fee within it), rounded down to the lot
 * step and at most the symbol's maximum; zero when it does not reach the minimum.
 */
export function lotsForBudget(
  budget: Big,
  price: Big,
  multiple: number,
  terms: Pick<LeverTerms, 'contractSize' | 'feeRate' | 'minLots' | 'maxLots' | 'lotStep'>,
): Big {
  const zero = new Big(0);
  if (budget.lte(0) || price.lte(0)) return zero;
  const step = new Big(terms.lotStep);
  // Per lot, before rounding: price × contractSize × (1 ÷ multiple + feeRate).
  const perLot = price.times(terms.contractSize).times(new Big(1).div(multiple).plus(terms.feeRate));
  let lots = divRound(budget, perLot.times(step), 0, 'down').times(step);
  const max = new Big(terms.maxLots);
  if (lots.gt(max)) lots = max.div(step).round(0, Big.roundDown).times(step);
  // The estimate is within a step: margin and fee are each rounded up, and 1 ÷ multiple may not be exact.
  const fits = (n: Big) => costOf(n, price, multiple, terms).lte(budget);
  while (lots.gt(0) && !fits(lots)) lots = lots.minus(step);
  while (lots.plus(step).lte(max) && fits(lots.plus(step))) lots = lots.plus(step);
  return lots.lt(terms.minLots) ? zero : lots;
}
