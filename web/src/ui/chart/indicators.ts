/**
 * Chart indicators as pure functions over closing prices: moving average (MA), exponential moving
 * average (EMA) and Bollinger bands (BOLL), plus which of them the user shows on the price pane
 * (persisted; the pane below it is the K-line's own, features/market/indicators.ts). Floats,
 * for drawing only: no money passes through here. Every result is aligned with its input, with
 * `undefined` where there are not yet enough candles.
 */

export type Series = (number | undefined)[];

/** Simple moving average of `length` values. */
export function sma(values: readonly number[], length: number): Series {
  const out: Series = new Array(values.length).fill(undefined);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i];
    if (i >= length) sum -= values[i - length];
    if (i >= length - 1) out[i] = sum / length;
  }
  return out;
}

/** Exponential moving average (smoothing 2 / (length + 1)), seeded with the SMA of the first `length` values. */
export function ema(values: readonly number[], length: number): Series {
  const out: Series = new Array(values.length).fill(undefined);
  if (values.length < length) return out;
  const k = 2 / (length + 1);
  let prev = 0;
  for (let i = 0; i < length; i++) prev += values[i];
  prev /= length;
  out[length - 1] = prev;
  for (let i = length; i < values.length; i++) {
    prev = values[i] * k + prev * (1 - k);
    out[i] = prev;
  }
  return out;
}

/** Bollinger bands: the SMA of `length` values and `width` population standard deviations either side. */
export function bollinger(values: readonly number[], length = 20, width = 2): { middle: Series; upper: Series; lower: Series } {
  const middle = sma(values, length);
  const upper: Series = new Array(values.length).fill(undefined);
  const lower: Series = new Array(values.length).fill(undefined);
  for (let i = length - 1; i < values.length; i++) {
    const mean = middle[i]!;
    let sq = 0;
    for (let j = i - length + 1; j <= i; j++) sq += (values[j] - mean) ** 2;
    const sd = Math.sqrt(sq / length);
    upper[i] = mean + width * sd;
    lower[i] = mean - width * sd;
  }
  return { middle, upper, lower };
}

/** The indicators a user can show on the price pane. */
export const INDICATORS = ['ma', 'ema', 'boll'] as const;
export type Indicator = (typeof INDICATORS)[number];
/** What a first visit shows (as before the menu existed). */
export const DEFAULT_INDICATORS: readonly Indicator[] = ['ma'];

/** One line drawn on the price pane. */
export interface IndicatorLine {
  /** Stable key and label ("MA7", "BOLL UP"). */
  key: string;
  label: string;
  color: string;
  values: Series;
}

const MA_LINES = [
  { length: 7, color: '#f0b90b' },
  { length: 25, color: '#c86dd7' },
  { length: 99, color: '#3b82f6' },
] as const;
const EMA_LINES = [
  { length: 7, color: '#ff7f50' },
  { length: 25, color: '#14b8a6' },
] as const;
const BOLL = { length: 20, width: 2, colors: { middle: '#64748b', upper: '#db2777', lower: '#0891b2' } } as const;

/** Every line key an indicator can draw (so a chart can create its series once). */
export const LINE_KEYS: Record<Indicator, string[]> = {
  ma: MA_LINES.map((m) => `MA${m.length}`),
  ema: EMA_LINES.map((m) => `EMA${m.length}`),
  boll: ['BOLL', 'UP', 'DN'],
};

/** The lines of one price-pane indicator over `closes`. */
export function indicatorLines(indicator: Indicator, closes: readonly number[]): IndicatorLine[] {
  switch (indicator) {
    case 'ma':
      return MA_LINES.map((m) => ({ key: `MA${m.length}`, label: `MA${m.length}`, color: m.color, values: sma(closes, m.length) }));
    case 'ema':
      return EMA_LINES.map((m) => ({ key: `EMA${m.length}`, label: `EMA${m.length}`, color: m.color, values: ema(closes, m.length) }));
    case 'boll': {
      const b = bollinger(closes, BOLL.length, BOLL.width);
      return [
        { key: 'BOLL', label: `BOLL(${BOLL.length},${BOLL.width})`, color: BOLL.colors.middle, values: b.middle },
        { key: 'UP', label: 'UP', color: BOLL.colors.upper, values: b.upper },
        { key: 'DN', label: 'DN', color: BOLL.colors.lower, values: b.lower },
      ];
    }
  }
}

export const INDICATORS_KEY = 'kline_indicators';

/** The stored choice (a JSON list); anything unreadable gives the defaults, unknown names (and `vol`, once one of them) are dropped. */
export function parseIndicators(raw: string | null): Indicator[] {
  if (raw === null) return [...DEFAULT_INDICATORS];
  try {
    const list: unknown = JSON.parse(raw);
    if (!Array.isArray(list)) return [...DEFAULT_INDICATORS];
    return INDICATORS.filter((i) => list.includes(i));
  } catch {
    return [...DEFAULT_INDICATORS];
  }
}

/** `current` with `indicator` switched on or off, in menu order. */
export function toggleIndicator(current: readonly Indicator[], indicator: Indicator): Indicator[] {
  const on = current.includes(indicator);
  return INDICATORS.filter((i) => (i === indicator ? !on : current.includes(i)));
}
