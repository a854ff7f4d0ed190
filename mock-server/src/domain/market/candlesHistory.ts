/**
 * A symbol's history: one series that every period is cut from, so a month, its weeks, its days
 * and their minutes always agree (a larger candle is the sum of the smaller ones in it: the first
 * one's open, the last one's close, the highest high, the lowest low, the volumes added up).
 *
 * - Days: a mean-reverting random walk of daily candles per (seed, symbol), anchored at the listed
 *   price on the day a world starts (its open) and walked backwards from there (and forwards, for
 *   the start day itself), a block of days at a time, as far as anything asks.
 * - Finer candles: a candle (a day of the walk, or a day or an hour the world kept) splits into
 *   candles of the next finer level (`LEVELS`: 4 hours, an hour, 30, 15, 5 minutes, a minute) that
 *   sum to it exactly: a Brownian bridge from its open to its close, fitted between its low and
 *   high, the extremes reached in the part nearest them, its volume shared out. The split is a
 *   function of (seed, symbol, level, time) and the candle, so asking again, or for another
 *   period, gives the same candles; only what is asked for is split (and the last splits kept).
 *
 * Integers as everywhere in the market: prices in ticks, volumes in amount units. The splits' keys
 * mix the symbol's keyed history key with a plain hash of (length, time): knowing one split's draws
 * tells at most about other splits of the past, which is shown to anyone anyway; the live walk has
 * its own keys (market.ts).
 */
import { keyedWords, mixWords, type Words } from '../kernel/random.ts';
import { CandleSum, DAY, finerLevel, MINUTE, type UnitCandle } from './candles.ts';
import type { SymbolSpec } from './symbols.ts';

/** Days drawn from one generator of the walk. */
const BLOCK = 64;
/**
 * How far the daily walk strays from the listed price, as the standard deviation of its log over
 * the long run: each day it is pulled back by the fraction of its log distance that keeps it so
 * (an Ornstein-Uhlenbeck walk), whatever the symbol's volatility. 0.3: mostly within half and
 * twice the listed price.
 */
const SPREAD = 0.3;
/** The tag of a day's draws in the walk (a split's tag is its length, never this). */
const DAY_TAG = 1;
/** Splits kept per symbol for the next ask (a chart's page of candles needs a few hundred). */
const SPLITS_KEPT = 512;

const OPEN = 0;
const HIGH = 1;
const LOW = 2;
const CLOSE = 3;
const VOLUME = 4;
const FIELDS = 5;

const ticks = (value: number) => Math.max(1, Math.round(value));

/** murmur3's 32-bit finaliser: a plain, well-mixed hash of a 32-bit number. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** A generator state for (tag, n) under `key`. */
function wordsOf(key: Words, tag: number, n: number): Words {
  const lo = n >>> 0;
  const hi = Math.floor(n / 2 ** 32) >>> 0;
  const t = fmix(tag);
  return mixWords(key, [fmix(lo ^ t), fmix(hi + t), fmix(lo + Math.imul(t, 0x9e3779b9)), fmix((hi ^ 0x27d4eb2f) + lo)]);
}

/**
 * The draws of one split or block of days: sfc32 from a keyed state (see `wordsOf`), with normals
 * by Box-Muller. Plainer than the kernel's Rng and some ten times cheaper, for the thousands of
 * splits a world's first day of minutes takes.
 */
export class Draws {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare: number | null = null;

  constructor(words: Words) {
    [this.a, this.b, this.c, this.d] = words;
    if (!(this.a | this.b | this.c | this.d)) this.d = 1;
    // The state is already well mixed (a keyed hash XOR a finalised one): a few rounds to start.
    for (let i = 0; i < 4; i++) this.next();
  }

  private next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next() / 2 ** 32;
  }

  /** Standard normal. */
  normal(): number {
    if (this.spare !== null) {
      const z = this.spare;
      this.spare = null;
      return z;
    }
    const r = Math.sqrt(-2 * Math.log(1 - this.float()));
    const angle = 2 * Math.PI * this.float();
    this.spare = r * Math.sin(angle);
    return r * Math.cos(angle);
  }
}

/**
 * The candles of the next finer level that `parent` (of `length`) is made of, oldest first: the
 * first opens at its open, each opens at the close before, the last closes at its close; the
 * highest high is its high, the lowest low its low, the volumes add up to its volume. `sigma` is
 * the symbol's standard deviation of the log return over a minute; `rng` gives the draws.
 */
export function splitCandle(parent: UnitCandle, length: number, rng: Draws, sigma: number): UnitCandle[] {
  const step = finerLevel(length);
  if (!step) throw new Error('a minute does not split');
  const n = length / step;
  const { open, high, low, close, volume } = parent;
  const s = sigma * Math.sqrt(step / MINUTE);

  // A Brownian bridge of log prices from open to close, at the children's boundaries.
  const walk = new Float64Array(n + 1);
  for (let i = 1; i <= n; i++) walk[i] = walk[i - 1] + s * rng.normal();
  const a = Math.log(open);
  const b = Math.log(close);
  const path = new Float64Array(n + 1);
  for (let i = 1; i < n; i++) path[i] = Math.exp(a + ((b - a) * i) / n + walk[i] - (walk[n] * i) / n);

  // Excursions above the body are stretched towards the high (at most threefold), those below
  // towards the low, so the path tends to come near the extremes; what then lies beyond one is
  // folded back inside (squeezing it instead would flatten the path where there is little room).
  const top = Math.max(open, close);
  const bottom = Math.min(open, close);
  let peak = top;
  let trough = bottom;
  for (let i = 1; i < n; i++) {
    if (path[i] > peak) peak = path[i];
    if (path[i] < trough) trough = path[i];
  }
  const up = peak > top ? Math.min(3, Math.max(1, ((high - top) / (peak - top)) * (0.7 + 0.3 * rng.float()))) : 1;
  const down = trough < bottom ? Math.min(3, Math.max(1, ((bottom - low) / (bottom - trough)) * (0.7 + 0.3 * rng.float()))) : 1;
  const prices = new Array<number>(n + 1);
  prices[0] = open;
  prices[n] = close;
  for (let i = 1; i < n; i++) {
    let p = path[i] > top ? top + (path[i] - top) * up : path[i] < bottom ? bottom - (bottom - path[i]) * down : path[i];
    for (let fold = 0; fold < 4 && (p > high || p < low); fold++) p = p > high ? 2 * high - p : 2 * low - p;
    prices[i] = Math.min(high, Math.max(low, ticks(p)));
  }

  const children: UnitCandle[] = [];
  let highest = 0;
  let lowest = 0;
  for (let i = 0; i < n; i++) {
    const o = prices[i];
    const c = prices[i + 1];
    const h = Math.min(high, Math.max(o, c, ticks(Math.max(o, c) * (1 + Math.abs(rng.normal()) * s * 0.5))));
    const l = Math.max(low, Math.min(o, c, ticks(Math.min(o, c) * (1 - Math.abs(rng.normal()) * s * 0.5))));
    children.push({ time: parent.time + i * step, open: o, high: h, low: l, close: c, volume: 0 });
    if (h > children[highest].high) highest = i;
    if (l < children[lowest].low) lowest = i;
  }
  // The parent's extremes, in the parts that came nearest them.
  children[highest].high = high;
  children[lowest].low = low;

  // The volume, shared out by random weights; what rounding down leaves goes one unit a part.
  const weights = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) total += weights[i] = 0.4 + 1.2 * rng.float();
  let left = volume;
  for (let i = 0; i < n; i++) {
    children[i].volume = Math.floor((volume * weights[i]) / total);
    left -= children[i].volume;
  }
  for (let i = 0; left > 0; i = (i + 1) % n, left--) children[i].volume += 1;
  return children;
}

/** One side of the daily walk: days drawn so far, packed (FIELDS numbers a day). */
class Days {
  data = new Float64Array(BLOCK * FIELDS);
  size = 0;

  push(open: number, high: number, low: number, close: number, volume: number): void {
    if ((this.size + 1) * FIELDS > this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const o = this.size++ * FIELDS;
    this.data.set([open, high, low, close, volume], o);
  }

  at(i: number, time: number): UnitCandle {
    const d = this.data;
    const o = i * FIELDS;
    return { time, open: d[o + OPEN], high: d[o + HIGH], low: d[o + LOW], close: d[o + CLOSE], volume: d[o + VOLUME] };
  }
}

/**
 * The history of one symbol for one seed, anchored on one day: a function of (seed, symbol, anchor)
 * alone, so it can be kept across worlds (market.ts). The walk's draws are keyed by the day itself,
 * not by its distance from the anchor. Hands out new objects only; what it keeps is its own.
 */
export class History {
  private readonly key: Words;
  /** Days from the anchor on (index 0 is the anchor's day). */
  private readonly forward = new Days();
  /** Days before the anchor (index 0 is the day before). */
  private readonly backward = new Days();
  private readonly listed: number;
  private readonly daySigma: number;
  /** The daily pull towards the listed price (see SPREAD). */
  private readonly reversion: number;
  private readonly dayVolume: number;
  private readonly splits = new Map<string, UnitCandle[]>();

  /** `anchor`: the midnight (UTC) whose day opens at the listed price. */
  constructor(
    seed: number,
    symbol: string,
    private readonly spec: SymbolSpec,
    private readonly anchor: number,
  ) {
    this.key = keyedWords(seed, `${symbol}:history`);
    this.listed = ticks(Number(spec.price) * 10 ** spec.pricePrecision);
    this.daySigma = spec.sigma * Math.sqrt(DAY / MINUTE);
    this.reversion = this.daySigma ** 2 / (2 * SPREAD ** 2);
    this.dayVolume = spec.volume * 10 ** spec.amountPrecision * (DAY / MINUTE);
  }

  /** The candle of the day starting at `time` (a UTC midnight). */
  day(time: number): UnitCandle {
    const index = Math.round((time - this.anchor) / DAY);
    if (index >= 0) {
      while (this.forward.size <= index) this.drawBlock(this.forward, 1);
      return this.forward.at(index, time);
    }
    while (this.backward.size < -index) this.drawBlock(this.backward, -1);
    return this.backward.at(-index - 1, time);
  }

  /**
   * The next BLOCK days of one side, walking away from the anchor: forwards each day opens at the
   * close before; backwards each day closes at the open after. The step is pulled towards the
   * listed price; its draws are those of the day (keyed by its date).
   */
  private drawBlock(days: Days, direction: 1 | -1): void {
    const { data } = days;
    let from = days.size === 0 ? this.listed : data[(days.size - 1) * FIELDS + (direction > 0 ? CLOSE : OPEN)];
    for (let i = 0; i < BLOCK; i++) {
      const day = this.anchor + direction * (days.size + (direction > 0 ? 0 : 1)) * DAY;
      const rng = new Draws(wordsOf(this.key, DAY_TAG, day / DAY));
      const pull = this.reversion * Math.log(from / this.listed);
      const to = ticks(from * Math.exp(this.daySigma * rng.normal() - pull));
      const [open, close] = direction > 0 ? [from, to] : [to, from];
      const high = ticks(Math.max(open, close) * Math.exp(Math.abs(rng.normal()) * this.daySigma * 0.4));
      const low = ticks(Math.min(open, close) * Math.exp(-Math.abs(rng.normal()) * this.daySigma * 0.4));
      const volume = Math.floor(this.dayVolume * (0.5 + rng.float() + Math.abs(Math.log(close / open)) / this.daySigma / 3));
      days.push(open, Math.max(high, open, close), Math.min(low, open, close), close, volume);
      from = to;
    }
  }

  /** The candles `c` (of `length`, a history day or a kept day or hour alike) splits into; see `splitCandle`. */
  split(c: UnitCandle, length: number): UnitCandle[] {
    return splitCandle(c, length, new Draws(wordsOf(this.key, length, c.time)), this.spec.sigma);
  }

  /** `split`, the last SPLITS_KEPT kept for the next ask (a chart asks for the same candles again). */
  private children(c: UnitCandle, length: number): readonly UnitCandle[] {
    const id = `${length}:${c.time}:${c.open}:${c.high}:${c.low}:${c.close}:${c.volume}`;
    let children = this.splits.get(id);
    if (!children) {
      children = this.split(c, length);
      if (this.splits.size >= SPLITS_KEPT) this.splits.clear();
      this.splits.set(id, children);
    }
    return children;
  }

  /** Adds to `sum` the part of `c` (of `length`) within [from, to), split as far as that needs. */
  sumPart(c: UnitCandle, length: number, from: number, to: number, sum: CandleSum): void {
    const end = c.time + length;
    if (end <= from || c.time >= to) return;
    if ((from <= c.time && end <= to) || length <= MINUTE) {
      sum.addCandle(c);
      return;
    }
    const finer = finerLevel(length);
    for (const child of this.children(c, length)) this.sumPart(child, finer, from, to, sum);
  }

  /** Adds the history within [from, to) (minute boundaries) to `sum`, oldest first. */
  sumRange(from: number, to: number, sum: CandleSum): void {
    for (let d = from - (((from % DAY) + DAY) % DAY); d < to; d += DAY) this.sumPart(this.day(d), DAY, from, to, sum);
  }

  /** The minute candles from `from` (a midnight) of those that start before `until`, packed: open, high, low, close, volume. */
  minutes(from: number, until: number): Float64Array {
    const out: number[] = [];
    for (let d = from; d < until; d += DAY) this.leaves(this.day(d), DAY, until, out);
    return Float64Array.from(out);
  }

  /** The minutes of `c` (of `length`) that start before `until`, onto `out`. */
  private leaves(c: UnitCandle, length: number, until: number, out: number[]): void {
    if (c.time >= until) return;
    if (length === MINUTE) {
      out.push(c.open, c.high, c.low, c.close, c.volume);
      return;
    }
    for (const child of this.split(c, length)) this.leaves(child, finerLevel(length), until, out);
  }
}

export const HISTORY_FIELDS = FIELDS;
