import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CandleTiers, DAY, HOUR, MINUTE, RETENTION, type KlinePeriod, type UnitCandle } from './candles';

const PERIODS: KlinePeriod[] = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week', '1mon'];

/**
 * The tiers as they were kept before they were packed into typed arrays (one object per candle): what
 * CandleTiers must go on answering, candle for candle.
 */
class ObjectTiers {
  tiers: Record<'minutes' | 'hours' | 'days', UnitCandle[]> = { minutes: [], hours: [], days: [] };

  private static merge(list: UnitCandle[], c: UnitCandle, size: number): void {
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

  record(candle: UnitCandle, length: number): void {
    const { tiers } = this;
    const resolution = length >= DAY ? 'days' : length >= HOUR ? 'hours' : 'minutes';
    if (resolution !== 'minutes') {
      for (const c of tiers.minutes) ObjectTiers.merge(tiers.hours, c, HOUR);
      tiers.minutes = [];
      if (resolution === 'days') {
        for (const c of tiers.hours) ObjectTiers.merge(tiers.days, c, DAY);
        tiers.hours = [];
      }
    }
    ObjectTiers.merge(tiers[resolution], candle, { minutes: MINUTE, hours: HOUR, days: DAY }[resolution]);
    const fold = (from: 'minutes' | 'hours' | 'days', to: 'hours' | 'days' | null, size: number) => {
      const limit = candle.time - RETENTION[from];
      const list = tiers[from];
      if (list.length < 64 || list[63].time >= limit) return;
      let n = 64;
      while (n < list.length && list[n].time < limit) n++;
      const old = list.splice(0, n);
      if (to) for (const c of old) ObjectTiers.merge(tiers[to], c, size);
    };
    fold('minutes', 'hours', HOUR);
    fold('hours', 'days', DAY);
    fold('days', null, 0);
  }
}

/** Stretches of steps of one length (as the market simulates a clock jump: days, hours, minutes, then seconds). */
const stretch = fc.oneof(
  fc.record({ length: fc.constant(1000), steps: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ length: fc.constant(MINUTE), steps: fc.integer({ min: 1, max: 6000 }) }),
  fc.record({ length: fc.constant(HOUR), steps: fc.integer({ min: 1, max: 12_000 }) }),
  fc.record({ length: fc.constant(DAY), steps: fc.integer({ min: 1, max: 8000 }) }),
);

describe('candle tiers', () => {
  it('keep, fold and answer every candle as the one-object-per-candle tiers did', () => {
    fc.assert(
      fc.property(fc.array(stretch, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 2 ** 31 }), (stretches, seed) => {
        const packed = new CandleTiers();
        const objects = new ObjectTiers();
        let time = Date.UTC(2026, 0, 1) + (seed % 1000) * 1000;
        let price = 1_000_000;
        let n = seed;
        const next = () => (n = (n * 1_103_515_245 + 12_345) % 2 ** 31);
        for (const { length, steps } of stretches) {
          // A coarse step starts on its own boundary, as the market's do.
          time = Math.ceil(time / length) * length;
          for (let i = 0; i < steps; i++, time += length) {
            const open = price;
            price = Math.max(1, price + (next() % 2001) - 1000);
            const candle = {
              time,
              open,
              high: Math.max(open, price) + (next() % 50),
              low: Math.min(open, price) - (next() % 50),
              close: price,
              volume: next() % 100_000,
            };
            packed.record(candle, length);
            objects.record({ ...candle }, length);
          }
        }
        const { minutes, hours, days } = objects.tiers;
        expect(packed.sizes()).toEqual({ minutes: minutes.length, hours: hours.length, days: days.length });
        expect(packed.oldestOpen()).toBe((days[0] ?? hours[0] ?? minutes[0])?.open);
        expect(Array.from({ length: packed.minutes.length }, (_, i) => packed.minutes.at(i))).toEqual(minutes);
        for (const period of PERIODS) {
          const length =
            period === '1mon'
              ? 28 * DAY
              : period === '1week'
                ? 7 * DAY
                : period === '1day'
                  ? DAY
                  : period === '4hour'
                    ? 4 * HOUR
                    : period === '60min'
                      ? HOUR
                      : MINUTE;
          const usable = [minutes, length >= HOUR ? hours : [], length >= DAY ? days : []].flatMap((list) => [...list].reverse());
          expect([...packed.newestFirst(period)]).toEqual(usable);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('answer reads with new objects: changing one changes nothing kept', () => {
    const tiers = new CandleTiers();
    tiers.record({ time: 60_000, open: 5, high: 7, low: 4, close: 6, volume: 10 }, MINUTE);
    const read = tiers.minutes.at(0)!;
    read.close = 99;
    [...tiers.newestFirst('1min')][0].high = 99;
    expect(tiers.minutes.at(0)).toEqual({ time: 60_000, open: 5, high: 7, low: 4, close: 6, volume: 10 });
    expect(tiers.minutes.at(1)).toBeUndefined();
    expect(tiers.minutes.at(-1)).toBeUndefined();
  });
});
