/**
 * Candles of one symbol in integer units (prices in ticks of 10^-pricePrecision, volumes in units of
 * 10^-amountPrecision: exact and compact), kept in three tiers of bounded size: one-minute candles for
 * the last 3 days, hourly ones for 400 days before, daily ones for 20 years before that. Every hour
 * candle is older than every minute candle and every day older than every hour.
 */
import type { components } from '../../../contracts/generated/openapi.ts';

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

/** The three tiers of one symbol's candles. */
export class CandleTiers {
  private readonly tiers: Record<Resolution, UnitCandle[]> = { minutes: [], hours: [], days: [] };

  /** The one-minute candles, oldest first (what 24 h statistics are computed from). */
  get minutes(): readonly UnitCandle[] {
    return this.tiers.minutes;
  }

  /** Records a step of `length` ms (a second, a minute, an hour or a day) at the end, then applies the retention. */
  record(candle: UnitCandle, length: number): void {
    const resolution: Resolution = length >= DAY ? 'days' : length >= HOUR ? 'hours' : 'minutes';
    this.flushFinerThan(resolution);
    merge(this.tiers[resolution], candle, RESOLUTION_MS[resolution]);
    this.retain(candle.time);
  }

  /** Before a coarse step: the finer candles (all older) fold into the coarser tier. */
  private flushFinerThan(resolution: Resolution): void {
    if (resolution === 'minutes') return;
    const { tiers } = this;
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
  private retain(now: number): void {
    const { tiers } = this;
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

  /** Recorded candles usable for `period`, newest first: a tier only while it is at least as fine as the period. */
  *newestFirst(period: KlinePeriod): Generator<UnitCandle> {
    const length = period === '1mon' ? 28 * DAY : PERIOD_MS[period];
    for (const resolution of ['minutes', 'hours', 'days'] as const) {
      if (RESOLUTION_MS[resolution] > length) return;
      const list = this.tiers[resolution];
      for (let i = list.length - 1; i >= 0; i--) yield list[i];
    }
  }

  /** The open of the oldest candle kept, if any. */
  oldestOpen(): number | undefined {
    const { days, hours, minutes } = this.tiers;
    return (days[0] ?? hours[0] ?? minutes[0])?.open;
  }

  /** How many candles each tier holds (for tests of the bounds). */
  sizes(): Record<Resolution, number> {
    return { minutes: this.tiers.minutes.length, hours: this.tiers.hours.length, days: this.tiers.days.length };
  }
}
