/**
 * The market simulator: listed symbols, a price random walk ticking every virtual second, 24-hour
 * statistics and K-lines of every period. Memory stays bounded whatever the clock does: one-minute
 * candles for the last three days, hourly ones for 400 days before, daily ones for 20 years before
 * that (older candles are derived from (seed, symbol, period, bucket) on demand). Long clock jumps
 * are simulated coarsely far from their end (days, hours, then minutes, then seconds).
 *
 * Prices and volumes are kept as integers of their smallest unit (price ticks, amount units), exact
 * and compact; they leave as decimal strings and big.js values. Floats only drive the random steps.
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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Synthetic one-minute history generated before the world starts. */
const HISTORY_MINUTES = 26 * 60;

/** How long each resolution of candle is kept (beyond the daily tier, candles are derived on demand). */
export const RETENTION = { minutes: 3 * DAY, hours: 400 * DAY, days: 20 * 365 * DAY } as const;
/** Within this much of a clock jump's end, time is simulated second by second. */
const SECOND_STEPS_WITHIN = 10 * MINUTE;
/** Candles past their tier's retention are folded into the next tier this many at a time. */
const FOLD_BATCH = 64;
/** Work per slice of a long jump: steps of each symbol (see `sliceEnd`). */
const STEPS_PER_SLICE = 60;

const PERIOD_MS: Record<Exclude<KlinePeriod, '1mon'>, number> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '60min': HOUR,
  '4hour': 4 * HOUR,
  '1day': DAY,
  '1week': 7 * DAY,
};

/** A candle in integer units: prices in ticks (10^-pricePrecision), volume in 10^-amountPrecision. */
interface UnitCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

type Resolution = 'minutes' | 'hours' | 'days';
const RESOLUTION_MS: Record<Resolution, number> = { minutes: MINUTE, hours: HOUR, days: DAY };

interface WindowStats {
  /** Cache key: times of the first and last closed minutes summarised. */
  key: string;
  high: number;
  low: number;
  volume: number;
  /** Σ volume × close in units (ticks × amount units): exact as a bigint. */
  quoteVolume: bigint;
}

interface SymbolState {
  spec: SymbolSpec;
  symbol: string;
  /** Last price in ticks. */
  last: number;
  lastBig?: Big;
  /** Oldest first; every hour candle is older than every minute candle, every day older than every hour. */
  tiers: Record<Resolution, UnitCandle[]>;
  /** 24 h statistics of the closed minutes, recomputed once a minute rather than every tick. */
  closed?: WindowStats;
}

/** An integer number of units as a decimal string with `decimals` places (no float involved). */
export function unitsToFixed(units: number, decimals: number): string {
  const negative = units < 0;
  const digits = String(Math.abs(units)).padStart(decimals + 1, '0');
  const text = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return negative ? `-${text}` : text;
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

function periodMs(start: number, period: KlinePeriod): number {
  if (period !== '1mon') return PERIOD_MS[period];
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - start;
}

/** Merges `c` into the last candle of `list` when it falls in the same bucket of `size`, else appends a copy. */
function merge(list: UnitCandle[], c: UnitCandle, size: number): void {
  const time = c.time - (c.time % size);
  const last = list[list.length - 1];
  if (last && last.time === time) {
    last.high = Math.max(last.high, c.high);
    last.low = Math.min(last.low, c.low);
    last.close = c.close;
    last.volume += c.volume;
  } else {
    list.push({ ...c, time });
  }
}

export class Market {
  private readonly states = new Map<string, SymbolState>();
  /** Index of the last simulated virtual second, counted from the world's start. */
  private second = 0;
  /** The end of the clock jump in progress (see `aimAt`): far from it, time is simulated coarsely. */
  private horizon: number | null = null;
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
        last: Math.round(Number(spec.price) * 10 ** spec.pricePrecision),
        tiers: { minutes: [], hours: [], days: [] },
      };
      this.states.set(symbol, state);
      this.synthesizeHistory(state);
    }
  }

  symbols(): string[] {
    return [...this.states.keys()];
  }

  private lastOf(state: SymbolState): Big {
    return (state.lastBig ??= new Big(unitsToFixed(state.last, state.spec.pricePrecision)));
  }

  /** What the order book and matching need of a symbol: last price, precisions, typical volume. */
  snapshot(symbol: string) {
    const st = this.state(symbol);
    return {
      base: st.spec.base,
      quote: st.spec.quote ?? USDT,
      quotePrecision: QUOTE_PRECISION[st.spec.quote ?? USDT],
      last: this.lastOf(st),
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

  /** A float price as whole ticks (at least one tick). */
  private ticks(value: number): number {
    return Math.max(1, Math.round(value));
  }

  /** A float volume in base coin as whole amount units, rounded down. */
  private units(state: SymbolState, value: number): number {
    return Math.floor(value * 10 ** state.spec.amountPrecision);
  }

  /** A day of one-minute history before the world starts. */
  private synthesizeHistory(state: SymbolState): void {
    const first = this.start - HISTORY_MINUTES * MINUTE;
    const rng = new Rng(this.seed, `${state.symbol}:history`);
    const { sigma, volume } = state.spec;
    let open = state.last;
    for (let i = 0; i < HISTORY_MINUTES; i++) {
      const close = this.ticks(open * Math.exp(sigma * rng.normal()));
      const wick = Math.abs(rng.normal()) * sigma * 0.5;
      state.tiers.minutes.push({
        time: first + i * MINUTE,
        open,
        high: this.ticks(Math.max(open, close) * (1 + wick)),
        low: this.ticks(Math.min(open, close) * (1 - wick)),
        close,
        volume: this.units(state, volume * (0.4 + 1.2 * rng.float())),
      });
      open = close;
    }
    state.last = open;
  }

  /**
   * One step of `length` ms starting at `time`: the next price and its candle, recorded in the tier
   * of that resolution. Keyed by (seed, symbol, resolution, time), so a path does not depend on how
   * the clock was moved, only on which resolution simulated each stretch.
   */
  private step(state: SymbolState, time: number, length: number): void {
    const rng = new Rng(this.seed, `${state.symbol}:${length}:${time}`);
    const minutes = length / MINUTE;
    const sigma = state.spec.sigma * Math.sqrt(minutes);
    const open = state.last;
    const close = this.ticks(open * Math.exp(sigma * rng.normal()));
    const wick = length >= MINUTE ? Math.abs(rng.normal()) * sigma * 0.5 : 0;
    const candle: UnitCandle = {
      time,
      open,
      high: this.ticks(Math.max(open, close) * (1 + wick)),
      low: this.ticks(Math.min(open, close) * (1 - wick)),
      close,
      volume: this.units(state, state.spec.volume * minutes * (0.4 + 1.2 * rng.float())),
    };
    const resolution: Resolution = length >= DAY ? 'days' : length >= HOUR ? 'hours' : 'minutes';
    this.flushFinerThan(state, resolution);
    merge(state.tiers[resolution], candle, RESOLUTION_MS[resolution]);
    state.last = close;
    state.lastBig = undefined;
    this.retain(state, candle.time);
  }

  /** Before a coarse step: the finer candles (all older) fold into the coarser tier. */
  private flushFinerThan(state: SymbolState, resolution: Resolution): void {
    if (resolution === 'minutes') return;
    const { tiers } = state;
    if (tiers.minutes.length) {
      for (const c of tiers.minutes) merge(tiers.hours, c, HOUR);
      tiers.minutes = [];
    }
    if (resolution === 'days' && tiers.hours.length) {
      for (const c of tiers.hours) merge(tiers.days, c, DAY);
      tiers.hours = [];
    }
  }

  /** Folds candles older than each tier's retention into the next tier; the oldest days are dropped. */
  private retain(state: SymbolState, now: number): void {
    const { tiers } = state;
    const fold = (from: Resolution, to: Resolution | null) => {
      const limit = now - RETENTION[from];
      const list = tiers[from];
      // In batches: only once FOLD_BATCH candles are past the retention (one comparison per step).
      if (list.length < FOLD_BATCH || list[FOLD_BATCH - 1].time >= limit) return;
      let n = FOLD_BATCH;
      while (n < list.length && list[n].time < limit) n++;
      const old = list.splice(0, n);
      if (to) for (const c of old) merge(tiers[to], c, RESOLUTION_MS[to]);
    };
    fold('minutes', 'hours');
    fold('hours', 'days');
    fold('days', null);
  }

  /**
   * Announces the end of a clock jump about to be made in slices: until it is reached, time far
   * from it is simulated coarsely. `null` when the jump is done.
   */
  aimAt(time: number | null): void {
    this.horizon = time;
  }

  /** The resolution (ms) of simulating the virtual second `s`, given where the jump in progress ends. */
  private resolutionAt(s: number, end: number): number {
    const t = this.start + s * 1000;
    const ahead = end - t;
    for (const size of [DAY, HOUR, MINUTE]) if (ahead > this.coarseFrom(size) && t % size === 0) return size;
    return 1000;
  }

  /**
   * Where the next slice of a jump to `target` should end, so that one slice is a bounded amount of
   * work: STEPS_PER_SLICE steps of the coarsest resolution usable there, ending just before a
   * boundary of it (a step recorded at a boundary covers the second there and those after it).
   */
  sliceEnd(now: number, target: number): number {
    for (const size of [DAY, HOUR, MINUTE]) {
      const regionEnd = target - this.coarseFrom(size);
      if (now >= regionEnd) continue;
      const end = Math.floor((now + 1000 + size * STEPS_PER_SLICE) / size) * size - 1000;
      return Math.min(regionEnd, end > now ? end : now + size);
    }
    return Math.min(target, now + 1000 * STEPS_PER_SLICE);
  }

  /** How far from a jump's end steps of `size` begin. */
  private coarseFrom(size: number): number {
    return size === DAY ? RETENTION.hours + DAY : size === HOUR ? RETENTION.minutes + HOUR : SECOND_STEPS_WITHIN + MINUTE;
  }

  /** Simulates every virtual second up to `now`. Returns true when prices moved. */
  advanceTo(now: number): boolean {
    const target = Math.floor((now - this.start) / 1000);
    if (target <= this.second) return false;
    const end = Math.max(this.horizon ?? now, now);
    let s = this.second + 1;
    while (s <= target) {
      const size = this.resolutionAt(s, end);
      // A coarse step must not pass `now` (the jump's end may lie beyond this slice).
      const length = s + size / 1000 - 1 <= target ? size : 1000;
      const time = this.start + s * 1000;
      for (const state of this.states.values()) this.step(state, time, length);
      s += length / 1000;
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
    const minutes = state.tiers.minutes;
    const key = `${minutes[first]?.time}:${minutes[last]?.time}`;
    if (state.closed?.key === key) return state.closed;
    let high = -Infinity;
    let low = Infinity;
    let volume = 0;
    let quote = 0;
    for (let i = first; i < last; i++) {
      const m = minutes[i];
      high = Math.max(high, m.high);
      low = Math.min(low, m.low);
      volume += m.volume;
      quote += m.volume * m.close;
    }
    // Integers stay exact in a double below 2^53; beyond, the turnover is summed again as bigints.
    let quoteVolume = BigInt(Number.isSafeInteger(quote) ? quote : 0);
    if (!Number.isSafeInteger(quote)) for (let i = first; i < last; i++) quoteVolume += BigInt(minutes[i].volume) * BigInt(minutes[i].close);
    return (state.closed = { key, high, low, volume, quoteVolume });
  }

  private toTicker(state: SymbolState, now: number): Ticker {
    const from = now - DAY;
    const minutes = state.tiers.minutes;
    const lastIndex = minutes.length - 1;
    let first = lastIndex;
    while (first > 0 && minutes[first - 1].time + MINUTE > from) first--;
    const current = minutes[lastIndex];
    const closed = this.closedStats(state, first, lastIndex);
    const pp = state.spec.pricePrecision;
    const ap = state.spec.amountPrecision;
    const high = Math.max(state.last, current?.high ?? state.last, closed.high);
    const low = Math.min(state.last, current?.low ?? state.last, closed.low);
    const volume = closed.volume + (current?.volume ?? 0);
    const quoteUnits = closed.quoteVolume + BigInt(current?.volume ?? 0) * BigInt(current?.close ?? 0);
    const openTicks = minutes[first]?.open ?? state.last;
    const open = new Big(unitsToFixed(openTicks, pp));
    const change = this.lastOf(state).minus(open).div(open).times(100).round(2, Big.roundHalfUp);
    return {
      symbol: state.symbol,
      base: state.spec.base,
      quote: state.spec.quote ?? USDT,
      last: unitsToFixed(state.last, pp),
      open24h: open.toFixed(pp),
      high24h: unitsToFixed(high, pp),
      low24h: unitsToFixed(low, pp),
      change24h: change.toFixed(2),
      volume24h: unitsToFixed(volume, ap),
      quoteVolume24h: new Big(quoteUnits.toString()).div(new Big(10).pow(pp + ap)).round(2, Big.roundHalfUp).toFixed(2),
      pricePrecision: pp,
      amountPrecision: ap,
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

  /** Recorded candles usable for `period`, newest first: finer tiers only while they are at least as fine as the period. */
  private *recorded(state: SymbolState, period: KlinePeriod): Generator<UnitCandle> {
    const length = period === '1mon' ? 28 * DAY : PERIOD_MS[period];
    for (const resolution of ['minutes', 'hours', 'days'] as const) {
      if (RESOLUTION_MS[resolution] > length) return;
      const list = state.tiers[resolution];
      for (let i = list.length - 1; i >= 0; i--) yield list[i];
    }
  }

  /** Candles of `period` ending with the one containing `to`, oldest first. */
  kline(symbol: string, period: KlinePeriod, limit: number, to: number = this.simulatedNow()): Candle[] {
    const state = this.state(symbol);
    const end = Math.min(to, this.simulatedNow());
    const pp = state.spec.pricePrecision;
    const ap = state.spec.amountPrecision;
    const out: Candle[] = [];
    const source = this.recorded(state, period);
    let next = source.next();
    // Skip what is newer than `end`.
    while (!next.done && next.value.time > end) next = source.next();
    let bucket = bucketStart(end, period);
    let oldestOpen: number | null = null;
    while (out.length < limit && bucket >= 0) {
      let open: number | null = null;
      let close: number | null = null;
      let high = -Infinity;
      let low = Infinity;
      let volume = 0;
      while (!next.done && next.value.time >= bucket) {
        const c = next.value;
        close ??= c.close;
        open = c.open;
        high = Math.max(high, c.high);
        low = Math.min(low, c.low);
        volume += c.volume;
        next = source.next();
      }
      if (open !== null && close !== null) {
        out.push({ time: bucket, open: unitsToFixed(open, pp), high: unitsToFixed(high, pp), low: unitsToFixed(low, pp), close: unitsToFixed(close, pp), volume: unitsToFixed(volume, ap) });
        oldestOpen = open;
      } else if (next.done) {
        // Before the recorded history: walk backwards from the oldest open, derived from the bucket.
        const closeTicks: number = oldestOpen ?? this.oldestOpen(state);
        const minutes = periodMs(bucket, period) / MINUTE;
        const sigma = state.spec.sigma * Math.sqrt(minutes);
        const rng = new Rng(this.seed, `${symbol}:${period}:${bucket}`);
        const o = this.ticks(closeTicks / Math.exp(sigma * rng.normal()));
        const hi = this.ticks(Math.max(o, closeTicks) * (1 + Math.abs(rng.normal()) * sigma * 0.3));
        const lo = this.ticks(Math.min(o, closeTicks) * (1 - Math.abs(rng.normal()) * sigma * 0.3));
        const v = this.units(state, state.spec.volume * minutes * (0.5 + rng.float()));
        out.push({
          time: bucket,
          open: unitsToFixed(o, pp),
          high: unitsToFixed(Math.max(hi, o, closeTicks), pp),
          low: unitsToFixed(Math.min(lo, o, closeTicks), pp),
          close: unitsToFixed(closeTicks, pp),
          volume: unitsToFixed(v, ap),
        });
        oldestOpen = o;
      }
      bucket = previousBucket(bucket, period);
    }
    return out.reverse();
  }

  private oldestOpen(state: SymbolState): number {
    const { days, hours, minutes } = state.tiers;
    return (days[0] ?? hours[0] ?? minutes[0])?.open ?? state.last;
  }
}
