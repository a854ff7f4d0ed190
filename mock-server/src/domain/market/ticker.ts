/**
 * A symbol's simulated state and its 24-hour ticker: high, low and volumes over the closed minutes
 * of the window (cached, since closed minutes never change) plus the minute in progress.
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import { DAY, MINUTE, type CandleTiers } from './candles.ts';
import * as dec from '../kernel/decimals.ts';
import { QUOTE_PRECISION, SETTLEMENT_PRECISION, USDT, type SymbolSpec } from './symbols.ts';

type Ticker = components['schemas']['Ticker'];

interface WindowStats {
  /** Cache key: times of the first and last closed minutes summarised. */
  key: string;
  high: number;
  low: number;
  volume: number;
  /** Σ volume × close in units (ticks × amount units): exact as a bigint. */
  quoteVolume: bigint;
}

export interface SymbolState {
  spec: SymbolSpec;
  symbol: string;
  /** Last price in ticks. */
  last: number;
  lastBig?: Big;
  /** The price stays where the control API set it (`mockPrice` with `hold`) until set again. */
  held?: boolean;
  candles: CandleTiers;
  /** 24 h statistics of the closed minutes, recomputed once a minute rather than every tick. */
  closed?: WindowStats;
}

/** The last price as a big.js value, made once per price. */
export function lastOf(state: SymbolState): Big {
  return (state.lastBig ??= new Big(dec.unitsToFixed(state.last, state.spec.pricePrecision)));
}

/** High, low and volumes of minutes [first, last) — cached, since closed minutes never change. */
function closedStats(state: SymbolState, first: number, last: number): WindowStats {
  const minutes = state.candles.minutes;
  const key = `${minutes.at(first)?.time}:${minutes.at(last)?.time}`;
  if (state.closed?.key === key) return state.closed;
  let high = -Infinity;
  let low = Infinity;
  let volume = 0;
  let quote = 0;
  for (let i = first; i < last; i++) {
    high = Math.max(high, minutes.high(i));
    low = Math.min(low, minutes.low(i));
    volume += minutes.volume(i);
    quote += minutes.volume(i) * minutes.close(i);
  }
  // Integers stay exact in a double below 2^53; beyond, the turnover is summed again as bigints.
  let quoteVolume = BigInt(Number.isSafeInteger(quote) ? quote : 0);
  if (!Number.isSafeInteger(quote)) for (let i = first; i < last; i++) quoteVolume += BigInt(minutes.volume(i)) * BigInt(minutes.close(i));
  return (state.closed = { key, high, low, volume, quoteVolume });
}

export function toTicker(state: SymbolState, now: number): Ticker {
  const from = now - DAY;
  const minutes = state.candles.minutes;
  const lastIndex = minutes.length - 1;
  // The first minute still inside the window (times ascend): a binary search, since the ticker is
  // worked out on every price move of every symbol.
  let first = lastIndex;
  for (let lo = 0; lo < first;) {
    const mid = (lo + first) >>> 1;
    if (minutes.time(mid) + MINUTE > from) first = mid;
    else lo = mid + 1;
  }
  const current = minutes.at(lastIndex);
  const closed = closedStats(state, first, lastIndex);
  const pp = state.spec.pricePrecision;
  const ap = state.spec.amountPrecision;
  const high = Math.max(state.last, current?.high ?? state.last, closed.high);
  const low = Math.min(state.last, current?.low ?? state.last, closed.low);
  const volume = closed.volume + (current?.volume ?? 0);
  const quoteUnits = closed.quoteVolume + BigInt(current?.volume ?? 0) * BigInt(current?.close ?? 0);
  const openTicks = minutes.at(first)?.open ?? state.last;
  const open = new Big(dec.unitsToFixed(openTicks, pp));
  const scales = { pricePrecision: pp, amountPrecision: ap, quotePrecision: QUOTE_PRECISION[state.spec.quote ?? USDT] };
  return {
    symbol: state.symbol,
    base: state.spec.base,
    quote: state.spec.quote ?? USDT,
    last: dec.unitsToFixed(state.last, pp),
    open24h: dec.unitsToFixed(openTicks, pp),
    high24h: dec.unitsToFixed(high, pp),
    low24h: dec.unitsToFixed(low, pp),
    // Statistics are shown, not paid: truncated (a -1.259 % change is "-1.25").
    change24h: dec.percent(lastOf(state).minus(open).div(open).times(100)),
    volume24h: dec.unitsToFixed(volume, ap),
    quoteVolume24h: dec.quote(scales, new Big(`${quoteUnits}e-${pp + ap}`), 'display'),
    ...scales,
    settlementPrecision: SETTLEMENT_PRECISION,
    time: now,
  };
}
