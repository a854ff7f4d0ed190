/**
 * Candles of one symbol in integer units (prices in ticks of 10^-pricePrecision, volumes in units of
 * 10^-amountPrecision: exact and compact), kept in three tiers of bounded size: one-minute candles for
 * the last 3 days, hourly ones for 400 days before, daily ones for 20 years before that. Every hour
 * candle is older than every minute candle and every day older than every hour, and each tier
 * holds whole candles of its resolution only: candles fold into the next tier a whole hour or day
 * at a time, so a tier begins on a boundary of the coarser one. That is what lets a period finer
 * than a tier be derived from it (`LEVELS`, candlesHistory.ts) without overlapping a finer tier.
 */
import type { components } from '../../../../contracts/generated/openapi.ts';

export type KlinePeriod = components['schemas']['KlinePeriod'];

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** How long each resolution of candle is kept (beyond the daily tier, candles are derived on demand). */
export const RETENTION = { minutes: 3 * DAY, hours: 400 * DAY, days: 20 * 365 * DAY } as const;
/** Candles past their tier's retention are folded into the next tier this many at a time. */
const FOLD_BATCH = 64;

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

export interface UnitCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

type Resolution = 'minutes' | 'hours' | 'days';
const RESOLUTION_MS: Record<Resolution, number> = { minutes: MINUTE, hours: HOUR, days: DAY };

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

export function previousBucket(start: number, period: KlinePeriod): number {
  if (period === '1mon') {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1);
  }
  return start - PERIOD_MS[period];
}

export function periodMs(start: number, period: KlinePeriod): number {
  if (period !== '1mon') return PERIOD_MS[period];
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - start;
}

/** The start of the bucket after the one starting at `start`. */
export function nextBucket(start: number, period: KlinePeriod): number {
  return start + periodMs(start, period);
}

/**
 * The lengths a candle splits into, coarsest first, each a whole number of the next: a day, 4 hours,
 * an hour, 30, 15 and 5 minutes, a minute. Every period up to a day is one of them (a week and a
 * month are whole days), so a candle of any period is the sum of candles of the finer ones.
 */
export const LEVELS = [DAY, 4 * HOUR, HOUR, 30 * MINUTE, 15 * MINUTE, 5 * MINUTE, MINUTE] as const;

/** The next finer length of LEVELS (a minute has none: 0). */
export function finerLevel(length: number): number {
  const i = LEVELS.indexOf(length as (typeof LEVELS)[number]);
  if (i < 0) throw new Error(`not a candle level: ${length}`);
  return LEVELS[i + 1] ?? 0;
}

/**
 * A running sum of consecutive candles, oldest first: the first one's open, the last one's close,
 * the highest high, the lowest low, the total volume. Numbers in, so a tier's packed candles need no
 * object each.
 */
export class CandleSum {
  open = 0;
  high = -Infinity;
  low = Infinity;
  close = 0;
  volume = 0;
  count = 0;

  add(open: number, high: number, low: number, close: number, volume: number): void {
    if (this.count++ === 0) this.open = open;
    if (high > this.high) this.high = high;
    if (low < this.low) this.low = low;
    this.close = close;
    this.volume += volume;
  }

  addCandle(c: UnitCandle): void {
    this.add(c.open, c.high, c.low, c.close, c.volume);
  }

  /** The sum as a candle at `time`, or null when nothing was added. */
  candle(time: number): UnitCandle | null {
    return this.count ? { time, open: this.open, high: this.high, low: this.low, close: this.close, volume: this.volume } : null;
  }
}

/** Where a candle's numbers lie in a packed tier (`CandleList`): FIELDS numbers from its index × FIELDS. */
const TIME = 0;
const OPEN = 1;
const HIGH = 2;
const LOW = 3;
const CLOSE = 4;
const VOLUME = 5;
const FIELDS = 6;

/** What reading a tier takes (the 24 h statistics): candle `i`, 0 the oldest, of `length`. */
export interface CandleColumns {
  readonly length: number;
  /** Candle `i` as a new object, undefined when there is none. */
  at(i: number): UnitCandle | undefined;
  /** One number of candle `i` (0 <= i < length), without making an object. */
  time(i: number): number;
  open(i: number): number;
  high(i: number): number;
  low(i: number): number;
  close(i: number): number;
  volume(i: number): number;
}

/**
 * The candles of one tier, oldest first, packed into one Float64Array (FIELDS numbers a candle)
 * rather than an object apiece: a world starts with some 50,000 candles, and objects that live as
 * long as the world are most of what the garbage collector has to move when worlds are built one
 * after another (a test suite resets one per test). Every value is a JS number (a double) as before,
 * so the arithmetic on them is the same.
 */
class CandleList implements CandleColumns {
  private data = new Float64Array(FOLD_BATCH * FIELDS);
  private size = 0;

  get length(): number {
    return this.size;
  }

  at(i: number): UnitCandle | undefined {
    if (!(i >= 0 && i < this.size)) return undefined;
    const d = this.data;
    const o = i * FIELDS;
    return { time: d[o + TIME], open: d[o + OPEN], high: d[o + HIGH], low: d[o + LOW], close: d[o + CLOSE], volume: d[o + VOLUME] };
  }

  time(i: number): number {
    return this.data[i * FIELDS + TIME];
  }
  open(i: number): number {
    return this.data[i * FIELDS + OPEN];
  }
  high(i: number): number {
    return this.data[i * FIELDS + HIGH];
  }
  low(i: number): number {
    return this.data[i * FIELDS + LOW];
  }
  close(i: number): number {
    return this.data[i * FIELDS + CLOSE];
  }
  volume(i: number): number {
    return this.data[i * FIELDS + VOLUME];
  }

  /** How many candles start before `t` (the index of the first at or after it; times ascend). */
  lowerBound(t: number): number {
    const d = this.data;
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (d[mid * FIELDS + TIME] < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Each candle of `length` that overlaps [from, to), oldest first: one that lies inside is added
   * to `sum`, one that reaches outside goes to `partial` (as a new object) for its finer parts.
   */
  sumRange(from: number, to: number, length: number, sum: CandleSum, partial: (c: UnitCandle, length: number) => void): void {
    const d = this.data;
    for (let i = this.lowerBound(from - length + 1); i < this.size; i++) {
      const o = i * FIELDS;
      const time = d[o + TIME];
      if (time >= to) break;
      if (time >= from && time + length <= to) sum.add(d[o + OPEN], d[o + HIGH], d[o + LOW], d[o + CLOSE], d[o + VOLUME]);
      else partial(this.at(i)!, length);
    }
  }

  /** Merges a candle into the last one when it falls in the same bucket of `size`, else appends it as a candle of that bucket. */
  merge(c: UnitCandle, size: number): void {
    this.add(c.time, c.open, c.high, c.low, c.close, c.volume, size);
  }

  /** `merge` of every candle of `from`, oldest first, up to (not including) index `end`. */
  mergeFrom(from: CandleList, end: number, size: number): void {
    const d = from.data;
    for (let o = 0; o < end * FIELDS; o += FIELDS) this.add(d[o + TIME], d[o + OPEN], d[o + HIGH], d[o + LOW], d[o + CLOSE], d[o + VOLUME], size);
  }

  /** Drops the `n` oldest candles. */
  dropOldest(n: number): void {
    this.data.copyWithin(0, n * FIELDS, this.size * FIELDS);
    this.size -= n;
  }

  /** Drops every candle (they were folded into the coarser tier). */
  clear(): void {
    this.size = 0;
  }

  /** `merge` of a candle given as its numbers (those of another tier's candle need no object). */
  private add(t: number, open: number, high: number, low: number, close: number, volume: number, size: number): void {
    const time = t - (t % size);
    let d = this.data;
    const last = (this.size - 1) * FIELDS;
    if (this.size > 0 && d[last + TIME] === time) {
      d[last + HIGH] = Math.max(d[last + HIGH], high);
      d[last + LOW] = Math.min(d[last + LOW], low);
      d[last + CLOSE] = close;
      d[last + VOLUME] += volume;
      return;
    }
    if ((this.size + 1) * FIELDS > d.length) {
      d = new Float64Array(d.length * 2);
      d.set(this.data);
      this.data = d;
    }
    const o = this.size * FIELDS;
    d[o + TIME] = time;
    d[o + OPEN] = open;
    d[o + HIGH] = high;
    d[o + LOW] = low;
    d[o + CLOSE] = close;
    d[o + VOLUME] = volume;
    this.size += 1;
  }
}

/**
 * Where tier `from`'s retention at `now` begins, on a boundary of the coarser tier (whole candles of
 * it are folded, never part of one); the daily tier drops whole days.
 */
function foldLimit(now: number, from: Resolution): number {
  const limit = now - RETENTION[from];
  const size = from === 'minutes' ? HOUR : DAY;
  return limit - (((limit % size) + size) % size);
}

/** Whether the first FOLD_BATCH candles of a tier are older than `limit` (its retention's start). */
function foldDue(list: CandleList, limit: number): boolean {
  return list.length >= FOLD_BATCH && list.time(FOLD_BATCH - 1) < limit;
}

/**
 * Folds the candles of tier `from` older than its retention at `now` (`foldLimit`) into tier `to`
 * (dropped when null), once `foldDue`. Module functions rather than a closure in `retain`: that runs
 * for every step recorded, where a closure made per call costs an allocation (and, under tsx's
 * keepNames, a defineProperty) each time.
 */
function fold(tiers: Record<Resolution, CandleList>, limit: number, from: Resolution, to: Resolution | null): void {
  const list = tiers[from];
  const n = list.lowerBound(limit);
  if (to) tiers[to].mergeFrom(list, n, RESOLUTION_MS[to]);
  list.dropOldest(n);
}

/** The three tiers of one symbol's candles. */
export class CandleTiers {
  private readonly tiers: Record<Resolution, CandleList> = { minutes: new CandleList(), hours: new CandleList(), days: new CandleList() };

  /** The one-minute candles, oldest first (what 24 h statistics are computed from). */
  get minutes(): CandleColumns {
    return this.tiers.minutes;
  }

  /** Records a step of `length` ms (a second, a minute, an hour or a day) at the end, then applies the retention. */
  record(candle: UnitCandle, length: number): void {
    const resolution: Resolution = length >= DAY ? 'days' : length >= HOUR ? 'hours' : 'minutes';
    this.flushFinerThan(resolution);
    this.tiers[resolution].merge(candle, RESOLUTION_MS[resolution]);
    this.retain(candle.time);
  }

  /** Before a coarse step: the finer candles (all older) fold into the coarser tier. */
  private flushFinerThan(resolution: Resolution): void {
    if (resolution === 'minutes') return;
    const { tiers } = this;
    if (tiers.minutes.length) {
      tiers.hours.mergeFrom(tiers.minutes, tiers.minutes.length, HOUR);
      tiers.minutes.clear();
    }
    if (resolution === 'days' && tiers.hours.length) {
      tiers.days.mergeFrom(tiers.hours, tiers.hours.length, DAY);
      tiers.hours.clear();
    }
  }

  /** Folds candles older than each tier's retention into the next tier; the oldest days are dropped. */
  private retain(now: number): void {
    const { tiers } = this;
    // In batches: only once FOLD_BATCH candles are past the retention (one comparison per tier and step).
    let limit = foldLimit(now, 'minutes');
    if (foldDue(tiers.minutes, limit)) fold(tiers, limit, 'minutes', 'hours');
    limit = foldLimit(now, 'hours');
    if (foldDue(tiers.hours, limit)) fold(tiers, limit, 'hours', 'days');
    limit = foldLimit(now, 'days');
    if (foldDue(tiers.days, limit)) fold(tiers, limit, 'days', null);
  }

  /**
   * The kept candles that overlap [from, to), oldest first: those inside it are added to `sum`, one
   * that reaches outside it (a day or an hour of which a finer period wants part) goes to `partial`
   * with its length, to be split (candlesHistory.ts).
   */
  sumRange(from: number, to: number, sum: CandleSum, partial: (c: UnitCandle, length: number) => void): void {
    for (const resolution of ['days', 'hours', 'minutes'] as const) this.tiers[resolution].sumRange(from, to, RESOLUTION_MS[resolution], sum, partial);
  }

  /** The time of the oldest candle kept (the tiers run on from it without a gap), if any. */
  oldestTime(): number | undefined {
    const { days, hours, minutes } = this.tiers;
    return days.length ? days.time(0) : hours.length ? hours.time(0) : minutes.length ? minutes.time(0) : undefined;
  }

  /** How many candles each tier holds (for tests of the bounds). */
  sizes(): Record<Resolution, number> {
    return { minutes: this.tiers.minutes.length, hours: this.tiers.hours.length, days: this.tiers.days.length };
  }
}
