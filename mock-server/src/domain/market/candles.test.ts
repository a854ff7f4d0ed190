import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CandleSum, CandleTiers, DAY, HOUR, MINUTE, RETENTION, type UnitCandle } from './candles';

/**
 * The tiers as they were kept before they were packed into typed arrays (one object per candle): what
 * CandleTiers must go on answering, candle for candle. Folds move whole hours (minutes) and whole
 * days (hours, and days dropped) once 64 candles are past the retention.
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
      const whole = from === 'minutes' ? HOUR : DAY;
      const limit = Math.floor((candle.time - RETENTION[from]) / whole) * whole;
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
        expect(packed.oldestTime()).toBe((days[0] ?? hours[0] ?? minutes[0])?.time);
        expect(Array.from({ length: packed.minutes.length }, (_, i) => packed.minutes.at(i))).toEqual(minutes);
        // Each tier begins on a boundary of the coarser one: a day or an hour is kept whole.
        if (hours.length && days.length) expect(hours[0].time % DAY).toBe(0);
        if (minutes.length && (hours.length || days.length)) expect(minutes[0].time % HOUR).toBe(0);
        // A range sums the candles inside it and hands over those reaching outside.
        const all = [...days.map((c) => [c, DAY] as const), ...hours.map((c) => [c, HOUR] as const), ...minutes.map((c) => [c, MINUTE] as const)];
        const first = all[0][0].time;
        const last = all[all.length - 1][0].time;
        for (const [from, to] of [
          [first, last + MINUTE],
          [Math.floor((first + last) / 2 / HOUR) * HOUR, last + MINUTE],
          [Math.floor(last / HOUR) * HOUR, Math.floor(last / HOUR) * HOUR + HOUR],
          [Math.floor(first / DAY) * DAY + 3 * MINUTE, Math.floor(first / DAY) * DAY + 4 * MINUTE],
        ]) {
          const sum = new CandleSum();
          const partial: Array<[UnitCandle, number]> = [];
          packed.sumRange(from, to, sum, (c, length) => partial.push([c, length]));
          const inside = all.filter(([c, length]) => c.time >= from && c.time + length <= to);
          const expected = new CandleSum();
          for (const [c] of inside) expected.addCandle(c);
          expect(sum.candle(from)).toEqual(expected.candle(from));
          expect(partial).toEqual(all.filter(([c, length]) => c.time < to && c.time + length > from && !(c.time >= from && c.time + length <= to)));
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
    // A minute reaching outside the range is handed over as a new object too.
    tiers.sumRange(60_030, 60_040, new CandleSum(), (c) => (c.high = 99));
    expect(tiers.minutes.at(0)).toEqual({ time: 60_000, open: 5, high: 7, low: 4, close: 6, volume: 10 });
    expect(tiers.minutes.at(1)).toBeUndefined();
    expect(tiers.minutes.at(-1)).toBeUndefined();
  });
});
