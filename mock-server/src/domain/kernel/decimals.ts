/**
 * How decimals leave the domain, and the one rounding table of its money arithmetic.
 *
 * Every `Decimal` on the wire (REST answers and socket events) is printed with exactly the scale of
 * its field: fixed-point, no exponent, trailing zeros kept, never "-0". One helper per kind of
 * value (a coin's amount is `coinAmount` in coins.ts, next to the coin table):
 *
 * | kind                                                   | scale                                  |
 * |--------------------------------------------------------|----------------------------------------|
 * | an amount of a coin (balances, records, withdrawals,   | the coin's `precision`                 |
 * |   transfers, deposits, flash amounts, chain minimums)  |                                        |
 * | a price (last, 24 h open/high/low, candles, book,      | the symbol's `pricePrecision`          |
 * |   trades, order price and avgPrice)                    |                                        |
 * | a base quantity (order quantity and filled, book and   | the symbol's `amountPrecision`         |
 * |   trade sizes, volumes, a buy's fee in the base coin)  |                                        |
 * | a quote amount a user gives or a market total          | the symbol's `quotePrecision`          |
 * |   (`quoteAmount`, `quoteVolume24h`)                    |                                        |
 * | a quote amount the engine settled (`filledAmount`, a   | the symbol's `settlementPrecision` (6) |
 * |   sell's fee in the quote coin)                        |                                        |
 * | a USDT value (usdtValue, usdtTotal, withdrawal limits) | 2 (the USDT markets' quotePrecision)   |
 * | a percentage (change24h)                               | 2                                      |
 * | a flash-exchange rate                                  | 8                                      |
 * | configured rates (spotFeeRate, fiatRates)              | as configured, no fixed scale          |
 *
 * Rounding (ROUNDING): a fee is rounded up, an amount received down, an amount paid or frozen up,
 * a value only shown (a valuation, a statistic) truncated. Everything else is exact: `fixed` refuses
 * a value with more decimals than its scale, so no rounding ever happens by accident while printing.
 */
import Big from 'big.js';
import { QUOTE_PRECISION, SETTLEMENT_PRECISION, USDT } from '../market/symbols.ts';

export const ROUNDING = {
  /** A fee: rounded up (the platform never undercharges by rounding). */
  fee: Big.roundUp,
  /** An amount the user pays or has frozen: rounded up. */
  paid: Big.roundUp,
  /** An amount the user receives (and a rate that makes one): rounded down. */
  received: Big.roundDown,
  /** A value only shown (valuations, statistics, averages): truncated, toward zero. */
  display: Big.roundDown,
} as const;
export type Rounding = keyof typeof ROUNDING;

/** Decimals of a value in USDT (usdtValue, usdtTotal, withdrawal limits): the USDT markets' quote precision. */
export const VALUE_DECIMALS = QUOTE_PRECISION[USDT];
export const PERCENT_DECIMALS = 2;
/** Decimals of a flash-exchange rate (units of `to` per unit of `from`). */
export const RATE_DECIMALS = 8;

/** An integer number of units of 10^-decimals (price ticks, amount units) as a decimal string with exactly `decimals` places: exact, no float involved. */
export function unitsToFixed(units: number, decimals: number): string {
  const negative = units < 0;
  const digits = String(Math.abs(units)).padStart(decimals + 1, '0');
  const text = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return negative ? `-${text}` : text;
}

/** `value` rounded to `dp` decimals the way the table says for its kind. */
export function round(value: Big, dp: number, kind: Rounding): Big {
  return value.round(dp, ROUNDING[kind]);
}

/**
 * `value` with exactly `dp` decimals. Without `kind` the value must already fit (a programming
 * error otherwise: round it by the table first); with `kind` it is rounded that way.
 */
export function fixed(value: Big | string, dp: number, kind?: Rounding): string {
  let v = new Big(value);
  if (kind) v = round(v, dp, kind);
  else if (!v.round(dp, Big.roundDown).eq(v)) throw new Error(`${v.toFixed()} has more than ${dp} decimals: round it (decimals.ts ROUNDING) before printing`);
  return v.eq(0) ? new Big(0).toFixed(dp) : v.toFixed(dp);
}

/** What a symbol's numbers are printed with (a market snapshot or a symbol spec with them). */
export interface MarketScales {
  pricePrecision: number;
  amountPrecision: number;
  quotePrecision: number;
}

export const price = (m: MarketScales, value: Big | string, kind?: Rounding) => fixed(value, m.pricePrecision, kind);
/** A quantity of the base coin. */
export const quantity = (m: MarketScales, value: Big | string, kind?: Rounding) => fixed(value, m.amountPrecision, kind);
/** An amount of the quote coin a user gives (a market buy's quoteAmount) or a market total. */
export const quote = (m: MarketScales, value: Big | string, kind?: Rounding) => fixed(value, m.quotePrecision, kind);
/** An amount of the quote coin as the engine settled it (filledAmount, a sell's fee). */
export const settled = (value: Big | string, kind?: Rounding) => fixed(value, SETTLEMENT_PRECISION, kind);
/** A value in USDT. */
export const usdt = (value: Big | string, kind?: Rounding) => fixed(value, VALUE_DECIMALS, kind);
export const percent = (value: Big) => fixed(value, PERCENT_DECIMALS, 'display');
export const rate = (value: Big | string) => fixed(value, RATE_DECIMALS);
