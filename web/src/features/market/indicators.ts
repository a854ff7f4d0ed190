/**
 * The K-line's sub-indicators, drawn in a pane below the price: volume, MACD, KDJ or RSI (one at a
 * time, or none, as exchanges' mobile charts offer them), as pure functions with their textbook
 * definitions, plus which one the user shows (persisted). Floats, for drawing only: no money passes
 * through here. Every result is aligned with its input, `undefined` where there are not yet enough
 * candles.
 */
import { ema, type Series } from '../../ui/chart/indicators';

/**
 * Relative strength index with Wilder's smoothing: the average gain and loss of the first `length`
 * changes are their plain means, each later one is (previous × (length − 1) + this change) / length;
 * RSI = 100 − 100 / (1 + average gain / average loss). 100 when nothing fell, 50 when nothing moved.
 * The first value is at index `length` (it needs `length` changes).
 */
export function rsi(closes: readonly number[], length = 14): Series {
  const out: Series = new Array(closes.length).fill(undefined);
  if (closes.length <= length) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= length; i++) {
    const change = closes[i] - closes[i - 1];
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= length;
  loss /= length;
  const value = () => (loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss));
  out[length] = value();
  for (let i = length + 1; i < closes.length; i++) {
    const change = closes[i] - closes[i - 1];
    gain = (gain * (length - 1) + Math.max(change, 0)) / length;
    loss = (loss * (length - 1) + Math.max(-change, 0)) / length;
    out[i] = value();
  }
  return out;
}

/**
 * MACD (Appel): DIF = EMA(fast) − EMA(slow) of the closes; DEA = EMA(signal) of DIF; the histogram
 * is DIF − DEA. The EMAs are those of the price pane (seeded with the SMA of their first values), so
 * DIF starts at index slow − 1 and DEA and the histogram signal − 1 later.
 */
export function macd(closes: readonly number[], fast = 12, slow = 26, signal = 9): { dif: Series; dea: Series; histogram: Series } {
  const fastEma = ema(closes, fast);
  const slowEma = ema(closes, slow);
  const dif: Series = closes.map((_, i) => (fastEma[i] === undefined || slowEma[i] === undefined ? undefined : fastEma[i]! - slowEma[i]!));
  const start = slow - 1;
  const dea: Series = new Array(closes.length).fill(undefined);
  if (closes.length > start) {
    const signalEma = ema(dif.slice(start) as number[], signal);
    signalEma.forEach((v, i) => (dea[start + i] = v));
  }
  const histogram: Series = dif.map((d, i) => (d === undefined || dea[i] === undefined ? undefined : d - dea[i]!));
  return { dif, dea, histogram };
}

/**
 * KDJ (the stochastic oscillator as Chinese and crypto charts draw it): RSV = (close − lowest low) /
 * (highest high − lowest low) × 100 over the last `length` candles (50 when they did not move);
 * K = ((kSmooth − 1) × previous K + RSV) / kSmooth and D likewise of K with dSmooth, both starting
 * from 50; J = 3K − 2D. The first values are at index length − 1.
 */
export function kdj(
  highs: readonly number[],
  lows: readonly number[],
  closes: readonly number[],
  length = 9,
  kSmooth = 3,
  dSmooth = 3,
): { k: Series; d: Series; j: Series } {
  const n = closes.length;
  const k: Series = new Array(n).fill(undefined);
  const d: Series = new Array(n).fill(undefined);
  const j: Series = new Array(n).fill(undefined);
  let prevK = 50;
  let prevD = 50;
  for (let i = length - 1; i < n; i++) {
    let high = -Infinity;
    let low = Infinity;
    for (let x = i - length + 1; x <= i; x++) {
      high = Math.max(high, highs[x]);
      low = Math.min(low, lows[x]);
    }
    const rsv = high === low ? 50 : ((closes[i] - low) / (high - low)) * 100;
    prevK = ((kSmooth - 1) * prevK + rsv) / kSmooth;
    prevD = ((dSmooth - 1) * prevD + prevK) / dSmooth;
    k[i] = prevK;
    d[i] = prevD;
    j[i] = 3 * prevK - 2 * prevD;
  }
  return { k, d, j };
}

/** What the pane below the price shows: nothing, or one sub-indicator. */
export const SUB_INDICATORS = ['none', 'vol', 'macd', 'kdj', 'rsi'] as const;
export type SubIndicator = (typeof SUB_INDICATORS)[number];
export const SUB_INDICATOR_KEY = 'kline_sub_indicator';

/**
 * The stored sub-indicator. Before it had a key of its own, volume was one of the price pane's
 * switches (a list under `kline_indicators`, `legacy` here): that choice carries over, and with
 * nothing stored at all volume shows, as it did.
 */
export function parseSubIndicator(raw: string | null, legacy: string | null): SubIndicator {
  if (raw !== null) return (SUB_INDICATORS as readonly string[]).includes(raw) ? (raw as SubIndicator) : 'vol';
  if (legacy === null) return 'vol';
  try {
    const list: unknown = JSON.parse(legacy);
    return Array.isArray(list) && !list.includes('vol') ? 'none' : 'vol';
  } catch {
    return 'vol';
  }
}

/** A candle as the sub-indicators read it (floats, for drawing). */
export interface Bar {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** One line or histogram of the sub pane. */
export interface SubSeries {
  /** Stable key and its label in the legend ("DIF", "K", "RSI(14)"). */
  key: string;
  label: string;
  kind: 'line' | 'histogram';
  /** A line's colour; a histogram takes `up` or `down` per bar (see `rising`). */
  color?: string;
  values: Series;
  /** Per bar: whether a histogram bar takes the up colour. */
  rising?: boolean[];
}

export interface SubPane {
  /** The legend's title ("MACD(12,26,9)"). */
  title: string;
  series: SubSeries[];
  /** Horizontal guides (RSI's 70 and 30, KDJ's 80 and 20). */
  guides: number[];
  /** How its values read: an amount (volume), in the price's units (MACD), or 0 to 100. */
  format: 'volume' | 'price' | 'oscillator';
}

export const SUB_COLORS = { first: '#f0b90b', second: '#c86dd7', third: '#3b82f6' } as const;

/** The sub pane of `indicator` over `bars`, or null for none. */
export function subPane(indicator: SubIndicator, bars: readonly Bar[]): SubPane | null {
  const closes = bars.map((b) => b.close);
  switch (indicator) {
    case 'none':
      return null;
    case 'vol':
      return {
        title: 'VOL',
        series: [{ key: 'VOL', label: 'VOL', kind: 'histogram', values: bars.map((b) => b.volume), rising: bars.map((b) => b.close >= b.open) }],
        guides: [],
        format: 'volume',
      };
    case 'macd': {
      const m = macd(closes);
      return {
        title: 'MACD(12,26,9)',
        series: [
          { key: 'MACD', label: 'MACD', kind: 'histogram', values: m.histogram, rising: m.histogram.map((v) => (v ?? 0) >= 0) },
          { key: 'DIF', label: 'DIF', kind: 'line', color: SUB_COLORS.first, values: m.dif },
          { key: 'DEA', label: 'DEA', kind: 'line', color: SUB_COLORS.second, values: m.dea },
        ],
        guides: [],
        format: 'price',
      };
    }
    case 'kdj': {
      const s = kdj(
        bars.map((b) => b.high),
        bars.map((b) => b.low),
        closes,
      );
      return {
        title: 'KDJ(9,3,3)',
        series: [
          { key: 'K', label: 'K', kind: 'line', color: SUB_COLORS.first, values: s.k },
          { key: 'D', label: 'D', kind: 'line', color: SUB_COLORS.second, values: s.d },
          { key: 'J', label: 'J', kind: 'line', color: SUB_COLORS.third, values: s.j },
        ],
        guides: [80, 20],
        format: 'oscillator',
      };
    }
    case 'rsi':
      return {
        title: 'RSI(14)',
        series: [{ key: 'RSI', label: 'RSI', kind: 'line', color: SUB_COLORS.second, values: rsi(closes) }],
        guides: [70, 30],
        format: 'oscillator',
      };
  }
}
