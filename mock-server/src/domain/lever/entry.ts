/**
 * A lever order as the engine holds it (Entry), the lever constants, and the pure arithmetic of
 * an order: its wire view, its P/L and what closing it means at a price, and its price fields
 * checked. The rules are docs/mock/lever.md's.
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import { coinInfo } from '../assets/coins.ts';
import * as dec from '../kernel/decimals.ts';
import { DomainError } from '../kernel/errors.ts';
import type { Ledger } from '../kernel/ledger.ts';
import type { Market } from '../market/market.ts';
import { USDT } from '../market/symbols.ts';
import { LEVER_FEE_RATE, LEVER_OVERNIGHT_RATE, LIQUIDATION_LINE, type LeverTerms } from './terms.ts';

type Schemas = components['schemas'];

export type LeverOrder = Schemas['LeverOrder'];
export type LeverAccount = Schemas['LeverAccount'];
export type CloseReason = Schemas['LeverCloseReason'];

export const FEE_RATE = new Big(LEVER_FEE_RATE);
export const OVERNIGHT_RATE = new Big(LEVER_OVERNIGHT_RATE);
export const LINE = new Big(LIQUIDATION_LINE);
/** Decimals of every lever amount: USDT's precision. */
export const DP = coinInfo(USDT).precision;
export const RISK_DECIMALS = 4;
/** Above this float estimate of the risk rate an account is certainly above the line (see checkRisk). */
export const FLOAT_LINE = Number(LIQUIDATION_LINE) * 1.01 + 1e-4;
export const ZERO = new Big(0);
export const FIELD_NAMES = { price: 'price', takeProfit: 'take-profit price', stopLoss: 'stop-loss price' } as const;

export const usdt = (value: Big) => dec.fixed(value, DP);
/** A profit or loss the user gets or pays: rounded against the user (a profit down, a loss up). */
export const settledPnl = (value: Big) => dec.round(value, DP, value.gte(0) ? 'received' : 'paid');

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
  'closeOrder',
  'closedFrom',
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
export interface Entry {
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
  /** A position's resting close order: `lots` of it close at `price` when the last price reaches it. */
  closeOrder?: { price: Big; lots: Big };
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
export function index(map: Map<string, Set<Entry>>, e: Entry, present: boolean): void {
  let set = map.get(e.owner);
  if (present) {
    if (!set) map.set(e.owner, (set = new Set()));
    set.add(e);
  } else if (set) {
    set.delete(e);
    if (!set.size) map.delete(e.owner);
  }
}

/** The order as the wire shows it, its fields always in the contract's order. */
export function orderView(e: Entry): LeverOrder {
  const out: Partial<Record<keyof LeverOrder, unknown>> = {};
  for (const k of ORDER_FIELDS) if (e.order[k] !== undefined) out[k] = e.order[k];
  return out as LeverOrder;
}

/** Unrealized P/L of a position at `price`, exact. */
export function pnlAt(e: Entry, price: Big): Big {
  const move = price.minus(e.open!).times(e.quantity);
  return e.long ? move : move.neg();
}

/** The settled P/L and the closing fee of `quantity` of a position at `price`. */
function settledAt(e: Entry, price: Big, quantity: Big) {
  const move = price.minus(e.open!).times(quantity);
  return { pnl: settledPnl(e.long ? move : move.neg()), fee: dec.round(price.times(quantity).times(FEE_RATE), DP, 'fee') };
}

/** What closing a position at `price` means: its P/L, fee, and the change of available (margin + P/L − fee). */
export function closingAt(e: Entry, price: Big) {
  const { pnl, fee } = settledAt(e, price, e.quantity);
  return { pnl, fee, net: e.margin.plus(pnl).minus(fee) };
}

/** A position's lots, as a number. */
export const lotsOf = (e: Entry): Big => new Big(e.order.lots);

/** `total`'s share that stays with `rest` of `lots` (rounded up: the part's is the difference, so the two add up to `total`). */
export const restShare = (total: Big, rest: Big, lots: Big): Big => dec.round(total.times(rest).div(lots), DP, 'paid');

/**
 * What closing `lots` of a position (fewer than all) at `price` realizes: the whole position's P/L
 * and fee at that price less the remainder's, so that parts closed at one price settle, to the
 * micro-USDT, what one close would; and the margin it releases (the remainder keeps its share).
 */
export function partAt(e: Entry, lots: Big, price: Big) {
  const rest = lotsOf(e).minus(lots);
  const all = settledAt(e, price, e.quantity);
  const kept = settledAt(e, price, rest.times(e.terms.contractSize));
  const margin = e.margin.minus(restShare(e.margin, rest, lotsOf(e)));
  const pnl = all.pnl.minus(kept.pnl);
  const fee = all.fee.minus(kept.fee);
  return { pnl, fee, margin, net: margin.plus(pnl).minus(fee) };
}

/**
 * Lots to close of a position (its own, or for a close order): more than zero, at most its lots, a
 * whole number of lot steps, and leaving none or at least the symbol's minimum open.
 */
export function parseCloseLots(e: Entry, value: string | undefined): Big {
  const all = lotsOf(e);
  if (value === undefined) return all;
  const lots = new Big(value);
  const { lotStep, minLots, lotDecimals } = e.terms;
  const rest = all.minus(lots);
  if (lots.lte(0) || rest.lt(0) || !lots.mod(lotStep).eq(0) || (rest.gt(0) && rest.lt(minLots))) {
    const [min, max, step] = [lotStep, all, lotStep].map((v) => dec.fixed(v, lotDecimals));
    throw new DomainError('lots_out_of_bounds', `Lots go from ${min} to ${max} in steps of ${step}`).with({ min, max, step });
  }
  return lots;
}

/** A price field of a request: positive, at most the symbol's price decimals. */
export function parsePrice(terms: LeverTerms, value: string | undefined, field: keyof typeof FIELD_NAMES): Big | undefined {
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
export function checkTriggers(terms: LeverTerms, long: boolean, reference: Big, takeProfit?: Big, stopLoss?: Big): void {
  const price = dec.fixed(reference, terms.pricePrecision);
  if (takeProfit && (long ? !takeProfit.gt(reference) : !takeProfit.lt(reference))) {
    throw new DomainError('take_profit_invalid', `The take-profit price must be ${long ? 'above' : 'below'} ${price}`).with({ price });
  }
  if (stopLoss && (long ? !stopLoss.lt(reference) : !stopLoss.gt(reference))) {
    throw new DomainError('stop_loss_invalid', `The stop-loss price must be ${long ? 'below' : 'above'} ${price}`).with({ price });
  }
}
