/**
 * The market simulator: listed symbols, a price random walk ticking every virtual second, one-minute
 * candles kept for the session (and a synthetic day of history before the world starts), 24-hour
 * statistics and K-lines of every period. Prices are decimals (big.js); floats only drive the random steps.
 */
import Big from 'big.js';
import type { components } from '../../../contracts/generated/openapi.ts';
import { DomainError } from './errors.ts';
import { Rng } from './random.ts';

type Ticker = components['schemas']['Ticker'];
type Candle = components['schemas']['Candle'];
export type KlinePeriod = components['schemas']['KlinePeriod'];

interface SymbolSpec {
  base: string;
  /** USDT unless given. */
  quote?: string;
  price: string;
  pricePrecision: number;
  amountPrecision: number;
  /** Standard deviation of the log return over one minute. */
  sigma: number;
  /** Typical base volume traded per minute. */
  volume: number;
}

const USDT = 'USDT';
/** Decimals of amounts in each quote coin (totals, a market buy's quoteAmount). */
const QUOTE_PRECISION: Record<string, number> = { USDT: 2, BTC: 6 };
// prettier-ignore
const SPECS: SymbolSpec[] = [
  { base: 'BTC', price: '64250.00', pricePrecision: 2, amountPrecision: 5, sigma: 0.0009, volume: 1.4 },
  { base: 'ETH', price: '3120.50', pricePrecision: 2, amountPrecision: 4, sigma: 0.0011, volume: 18 },
  { base: 'BNB', price: '585.40', pricePrecision: 2, amountPrecision: 3, sigma: 0.0010, volume: 40 },
  { base: 'SOL', price: '148.62', pricePrecision: 2, amountPrecision: 3, sigma: 0.0014, volume: 260 },
  { base: 'XRP', price: '0.5231', pricePrecision: 4, amountPrecision: 1, sigma: 0.0013, volume: 90000 },
  { base: 'ADA', price: '0.4512', pricePrecision: 4, amountPrecision: 1, sigma: 0.0014, volume: 70000 },
  { base: 'DOGE', price: '0.12345', pricePrecision: 5, amountPrecision: 0, sigma: 0.0018, volume: 400000 },
  { base: 'TRX', price: '0.1198', pricePrecision: 4, amountPrecision: 1, sigma: 0.0008, volume: 150000 },
  { base: 'DOT', price: '6.842', pricePrecision: 3, amountPrecision: 2, sigma: 0.0015, volume: 3000 },
  { base: 'LTC', price: '82.31', pricePrecision: 2, amountPrecision: 3, sigma: 0.0012, volume: 150 },
  { base: 'LINK', price: '14.256', pricePrecision: 3, amountPrecision: 2, sigma: 0.0015, volume: 2000 },
  { base: 'AVAX', price: '28.44', pricePrecision: 2, amountPrecision: 2, sigma: 0.0016, volume: 900 },
  { base: 'UNI', price: '7.915', pricePrecision: 3, amountPrecision: 2, sigma: 0.0016, volume: 1500 },
  { base: 'ATOM', price: '8.213', pricePrecision: 3, amountPrecision: 2, sigma: 0.0015, volume: 1300 },
  { base: 'XLM', price: '0.10821', pricePrecision: 5, amountPrecision: 0, sigma: 0.0012, volume: 120000 },
  { base: 'ETC', price: '24.87', pricePrecision: 2, amountPrecision: 2, sigma: 0.0014, volume: 500 },
  { base: 'FIL', price: '5.412', pricePrecision: 3, amountPrecision: 2, sigma: 0.0017, volume: 2500 },
  { base: 'NEAR', price: '5.863', pricePrecision: 3, amountPrecision: 2, sigma: 0.0018, volume: 2800 },
  { base: 'APT', price: '8.941', pricePrecision: 3, amountPrecision: 2, sigma: 0.0019, volume: 1400 },
  { base: 'ARB', price: '0.9126', pricePrecision: 4, amountPrecision: 1, sigma: 0.0019, volume: 15000 },
  { base: 'OP', price: '1.8734', pricePrecision: 4, amountPrecision: 1, sigma: 0.0019, volume: 7000 },
  { base: 'TON', price: '6.512', pricePrecision: 3, amountPrecision: 2, sigma: 0.0013, volume: 2600 },
  { base: 'BCH', price: '378.15', pricePrecision: 2, amountPrecision: 3, sigma: 0.0012, volume: 45 },
  { base: 'SHIB', price: '0.00001823', pricePrecision: 8, amountPrecision: 0, sigma: 0.0020, volume: 900000000 },
  // BTC markets: they start at the cross rate of the USDT markets and then walk on their own.
  { base: 'ETH', quote: 'BTC', price: '0.04857', pricePrecision: 5, amountPrecision: 3, sigma: 0.0007, volume: 6 },
  { base: 'BNB', quote: 'BTC', price: '0.009111', pricePrecision: 6, amountPrecision: 2, sigma: 0.0007, volume: 12 },
  { base: 'SOL', quote: 'BTC', price: '0.002313', pricePrecision: 6, amountPrecision: 2, sigma: 0.0010, volume: 80 },
  { base: 'XRP', quote: 'BTC', price: '0.00000814', pricePrecision: 8, amountPrecision: 0, sigma: 0.0010, volume: 30000 },
  { base: 'LTC', quote: 'BTC', price: '0.001281', pricePrecision: 6, amountPrecision: 2, sigma: 0.0009, volume: 40 },
  { base: 'LINK', quote: 'BTC', price: '0.0002219', pricePrecision: 7, amountPrecision: 1, sigma: 0.0011, volume: 600 },
];

const max = (...values: Big[]) => values.reduce((a, b) => (b.gt(a) ? b : a));
const min = (...values: Big[]) => values.reduce((a, b) => (b.lt(a) ? b : a));

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Synthetic one-minute history generated before the world starts. */
const HISTORY_MINUTES = 26 * 60;
/** Clock jumps longer than this are simulated minute by minute instead of second by second. */
const SECOND_STEP_LIMIT = 2 * 60 * 60;

const PERIOD_MS: Record<Exclude<KlinePeriod, '1mon'>, number> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '60min': 60 * MINUTE,
  '4hour': 4 * 60 * MINUTE,
  '1day': DAY,
  '1week': 7 * DAY,
};

interface MinuteCandle {
  time: number;
  open: Big;
  high: Big;
  low: Big;
  close: Big;
  volume: Big;
}

interface WindowStats {
  /** Cache key: first and last index of the closed minutes summarised. */
  key: string;
  high: Big | null;
  low: Big | null;
  volume: Big;
  quoteVolume: Big;
}

interface SymbolState {
  spec: SymbolSpec;
  symbol: string;
  last: Big;
  minutes: MinuteCandle[];
  tick: Big;
  /** 24 h statistics of the closed minutes, recomputed once a minute rather than every tick. */
  closed?: WindowStats;
}

/** Start of the period bucket containing `t` (UTC; weeks start on Monday, months on the 1st). */
export function bucketStart(t: number, period: KlinePeriod): number {
  if (period === '1mon') {
    const d = new Date(t);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  if (period === '1week') {
    const monday = 4 * DAY; // 1970-01-05 was a Monday
    return t - ((((t - monday) % PERIOD_MS['1week']) + PERIOD_MS['1week']) % PERIOD_MS['1week']);
  }
  const len = PERIOD_MS[period];
  return t - (((t % len) + len) % len);
}

function previousBucket(start: number, period: KlinePeriod): number {
  if (period === '1mon') {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1);
  }
  return start - PERIOD_MS[period];
}

function periodMinutes(start: number, period: KlinePeriod): number {
  if (period !== '1mon') return PERIOD_MS[period] / MINUTE;
  const d = new Date(start);
  return (Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - start) / MINUTE;
}

export class Market {
  private readonly states = new Map<string, SymbolState>();
  /** Index of the last simulated virtual second, counted from the world's start. */
  private second = 0;
  private tickerCache: { second: number; tickers: Ticker[] } | null = null;

  constructor(
    private readonly seed: number,
    private readonly start: number,
  ) {
    for (const spec of SPECS) {
      const symbol = `${spec.base}/${spec.quote ?? USDT}`;
      const state: SymbolState = {
        spec,
        symbol,
        last: new Big(spec.price),
        minutes: [],
        tick: new Big(10).pow(-spec.pricePrecision),
      };
      this.states.set(symbol, state);
      this.synthesizeHistory(state);
    }
  }

  symbols(): string[] {
    return [...this.states.keys()];
  }

  /** What the order book and matching need of a symbol: last price, precisions, typical volume. */
  snapshot(symbol: string) {
    const st = this.state(symbol);
    return {
      base: st.spec.base,
      quote: st.spec.quote ?? USDT,
      quotePrecision: QUOTE_PRECISION[st.spec.quote ?? USDT],
      last: st.last,
      pricePrecision: st.spec.pricePrecision,
      amountPrecision: st.spec.amountPrecision,
      volumePerMinute: st.spec.volume,
      second: this.second,
      time: this.simulatedNow(),
    };
  }

  /** Every listed base coin with its amount precision (of its USDT market). */
  bases(): Array<{ coin: string; precision: number }> {
    return SPECS.filter((s) => !s.quote).map((s) => ({ coin: s.base, precision: s.amountPrecision }));
  }

  has(symbol: string): boolean {
    return this.states.has(symbol);
  }

  private state(symbol: string): SymbolState {
    const s = this.states.get(symbol);
    if (!s) throw new DomainError('unknown_symbol', `Unknown symbol ${symbol}`).with({ symbol });
    return s;
  }

  private round(state: SymbolState, value: number): Big {
    const d = new Big(value.toPrecision(15)).round(state.spec.pricePrecision, Big.roundHalfUp);
    return max(d, state.tick);
  }

  private amount(state: SymbolState, value: number): Big {
    return new Big(value.toPrecision(15)).round(state.spec.amountPrecision, Big.roundDown);
  }

  /** One step of the walk: the next price and a volume, from (seed, symbol, step key) or a given stream. */
  private step(state: SymbolState, key: string | Rng, sigma: number, volume: number) {
    const rng = typeof key === 'string' ? new Rng(this.seed, `${state.symbol}:${key}`) : key;
    const next = this.round(state, state.last.toNumber() * Math.exp(sigma * rng.normal()));
    const wick = Math.abs(rng.normal()) * sigma * 0.5;
    return { next, wick, volume: this.amount(state, volume * (0.4 + 1.2 * rng.float())), rng };
  }

  /** A day of one-minute history before the world starts (float walk, stored as decimals). */
  private synthesizeHistory(state: SymbolState): void {
    const first = this.start - HISTORY_MINUTES * MINUTE;
    const rng = new Rng(this.seed, `${state.symbol}:history`);
    const { sigma, volume, pricePrecision: pp, amountPrecision: ap } = state.spec;
    const floor = 10 ** -pp;
    const fixed = (v: number) => new Big(Math.max(v, floor).toFixed(pp));
    let open = state.last;
    let openF = open.toNumber();
    for (let i = 0; i < HISTORY_MINUTES; i++) {
      const closeF = Math.max(openF * Math.exp(sigma * rng.normal()), floor);
      const wick = Math.abs(rng.normal()) * sigma * 0.5;
      const close = fixed(closeF);
      state.minutes.push({
        time: first + i * MINUTE,
        open,
        high: fixed(Math.max(openF, closeF) * (1 + wick)),
        low: fixed(Math.min(openF, closeF) * (1 - wick)),
        close,
        volume: new Big((volume * (0.4 + 1.2 * rng.float())).toFixed(ap)),
      });
      open = close;
      openF = close.toNumber();
    }
    state.last = open;
  }

  /** Applies a price and volume to the minute candle containing `time`. */
  private record(state: SymbolState, time: number, price: Big, volume: Big, extremes?: [Big, Big]) {
    const minute = time - (time % MINUTE);
    let candle = state.minutes[state.minutes.length - 1];
    if (!candle || candle.time < minute) {
      candle = { time: minute, open: state.last, high: state.last, low: state.last, close: state.last, volume: new Big(0) };
      state.minutes.push(candle);
    }
    const [lo, hi] = extremes ?? [price, price];
    candle.high = max(candle.high, hi, price);
    candle.low = min(candle.low, lo, price);
    candle.close = price;
    candle.volume = candle.volume.plus(volume);
    state.last = price;
  }

  /** Simulates every virtual second up to `now`. Returns true when prices moved. */
  advanceTo(now: number): boolean {
    const target = Math.floor((now - this.start) / 1000);
    if (target <= this.second) return false;
    let s = this.second + 1;
    // Long jumps: whole minutes first, then the last two hours second by second.
    const minuteUntil = target - SECOND_STEP_LIMIT;
    for (; s + 60 <= minuteUntil; s += 60) {
      for (const state of this.states.values()) {
        const { next, wick, volume } = this.step(state, `m${s}`, state.spec.sigma, state.spec.volume);
        const hi = this.round(state, max(state.last, next).toNumber() * (1 + wick));
        const lo = this.round(state, min(state.last, next).toNumber() * (1 - wick));
        this.record(state, this.start + s * 1000, next, volume, [lo, hi]);
      }
    }
    const perSecond = 1 / Math.sqrt(60);
    for (; s <= target; s++) {
      for (const state of this.states.values()) {
        const { next, volume } = this.step(state, `s${s}`, state.spec.sigma * perSecond, state.spec.volume / 60);
        this.record(state, this.start + s * 1000, next, volume);
      }
    }
    this.second = target;
    return true;
  }

  /** Current time of the simulation (the last simulated second). */
  private simulatedNow(): number {
    return this.start + this.second * 1000;
  }

  /** High, low and volumes of minutes [first, last) — cached, since closed minutes never change. */
  private closedStats(state: SymbolState, first: number, last: number): WindowStats {
    const key = `${first}:${last}`;
    if (state.closed?.key === key) return state.closed;
    let high: Big | null = null;
    let low: Big | null = null;
    let volume = new Big(0);
    let quoteVolume = new Big(0);
    for (let i = first; i < last; i++) {
      const m = state.minutes[i];
      if (!high || m.high.gt(high)) high = m.high;
      if (!low || m.low.lt(low)) low = m.low;
      volume = volume.plus(m.volume);
      quoteVolume = quoteVolume.plus(m.volume.times(m.close));
    }
    return (state.closed = { key, high, low, volume, quoteVolume });
  }

  private toTicker(state: SymbolState, now: number): Ticker {
    const from = now - DAY;
    let first = state.minutes.length - 1;
    while (first > 0 && state.minutes[first - 1].time + MINUTE > from) first--;
    const lastIndex = state.minutes.length - 1;
    const current = state.minutes[lastIndex];
    const open = state.minutes[first]?.open ?? state.last;
    const closed = this.closedStats(state, first, lastIndex);
    const high = max(state.last, current.high, ...(closed.high ? [closed.high] : []));
    const low = min(state.last, current.low, ...(closed.low ? [closed.low] : []));
    const volume = closed.volume.plus(current.volume);
    const quoteVolume = closed.quoteVolume.plus(current.volume.times(current.close));
    const change = state.last.minus(open).div(open).times(100).round(2, Big.roundHalfUp);
    const pp = state.spec.pricePrecision;
    return {
      symbol: state.symbol,
      base: state.spec.base,
      quote: state.spec.quote ?? USDT,
      last: state.last.toFixed(pp),
      open24h: open.toFixed(pp),
      high24h: high.toFixed(pp),
      low24h: low.toFixed(pp),
      change24h: change.toFixed(2),
      volume24h: volume.toFixed(state.spec.amountPrecision),
      quoteVolume24h: quoteVolume.toFixed(2),
      pricePrecision: pp,
      amountPrecision: state.spec.amountPrecision,
      quotePrecision: QUOTE_PRECISION[state.spec.quote ?? USDT],
      time: now,
    };
  }

  tickers(): Ticker[] {
    if (this.tickerCache?.second !== this.second) {
      const now = this.simulatedNow();
      this.tickerCache = { second: this.second, tickers: [...this.states.values()].map((s) => this.toTicker(s, now)) };
    }
    return this.tickerCache.tickers;
  }

  ticker(symbol: string): Ticker {
    this.state(symbol);
    return this.tickers().find((t) => t.symbol === symbol)!;
  }

  /** Candles of `period` ending with the one containing `to`, oldest first. */
  kline(symbol: string, period: KlinePeriod, limit: number, to: number = this.simulatedNow()): Candle[] {
    const state = this.state(symbol);
    const end = Math.min(to, this.simulatedNow());
    const pp = state.spec.pricePrecision;
    const ap = state.spec.amountPrecision;
    const firstMinute = state.minutes[0].time;
    const out: Candle[] = [];
    let bucket = bucketStart(end, period);
    // Index of the last minute candle at or before `end`.
    let idx = state.minutes.length - 1;
    while (idx >= 0 && state.minutes[idx].time > end) idx--;
    let nextOpen: Big | null = null;
    while (out.length < limit) {
      if (bucket + periodMinutes(bucket, period) * MINUTE > firstMinute) {
        // Aggregate the recorded minutes of this bucket.
        let high: Big | null = null;
        let low: Big | null = null;
        let volume = new Big(0);
        let open: Big | null = null;
        let close: Big | null = null;
        while (idx >= 0 && state.minutes[idx].time >= bucket) {
          const m = state.minutes[idx--];
          close ??= m.close;
          open = m.open;
          high = high && high.gt(m.high) ? high : m.high;
          low = low && low.lt(m.low) ? low : m.low;
          volume = volume.plus(m.volume);
        }
        if (open && close && high && low) {
          out.push({ time: bucket, open: open.toFixed(pp), high: high.toFixed(pp), low: low.toFixed(pp), close: close.toFixed(pp), volume: volume.toFixed(ap) });
          nextOpen = open;
        }
      } else {
        // Before the recorded history: walk backwards from the oldest open, deterministically.
        const close: Big = nextOpen ?? state.minutes[0].open;
        const minutes = periodMinutes(bucket, period);
        const sigma = state.spec.sigma * Math.sqrt(minutes);
        const rng = new Rng(this.seed, `${symbol}:${period}:${bucket}`);
        const open = this.round(state, close.toNumber() / Math.exp(sigma * rng.normal()));
        const hi = this.round(state, max(open, close).toNumber() * (1 + Math.abs(rng.normal()) * sigma * 0.3));
        const lo = this.round(state, min(open, close).toNumber() * (1 - Math.abs(rng.normal()) * sigma * 0.3));
        const volume = this.amount(state, state.spec.volume * minutes * (0.5 + rng.float()));
        out.push({
          time: bucket,
          open: open.toFixed(pp),
          high: max(hi, open, close).toFixed(pp),
          low: min(lo, open, close).toFixed(pp),
          close: close.toFixed(pp),
          volume: volume.toFixed(ap),
        });
        nextOpen = open;
      }
      bucket = previousBucket(bucket, period);
    }
    return out.reverse();
  }
}
