import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CandleSum, DAY, finerLevel, HOUR, LEVELS, MINUTE } from './candles';
import { Draws, History, splitCandle } from './candlesHistory';

const ANCHOR = Date.UTC(2026, 0, 1);
import { SPECS } from './symbols';

const BTC = SPECS[0];

/** A well-formed candle of `length` at `time`: prices in ticks (at least 1), a volume in units. */
const candle = (time: number) =>
  fc
    .record({
      open: fc.integer({ min: 1, max: 10_000_000 }),
      close: fc.integer({ min: 1, max: 10_000_000 }),
      up: fc.integer({ min: 0, max: 500_000 }),
      down: fc.integer({ min: 0, max: 500_000 }),
      volume: fc.integer({ min: 0, max: 2 ** 40 }),
    })
    .map(({ open, close, up, down, volume }) => ({
      time,
      open,
      close,
      high: Math.max(open, close) + up,
      low: Math.max(1, Math.min(open, close) - down),
      volume,
    }));

describe('splitCandle', () => {
  it('splits a candle of every level into the next finer ones that sum to it exactly', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LEVELS.slice(0, -1)),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.constantFrom(0.0002, 0.0009, 0.003),
        (length, n, seed, sigma) => {
          const time = ANCHOR + n * length;
          return fc.assert(
            fc.property(candle(time), (parent) => {
              const children = splitCandle(parent, length, new Draws([seed, 1, 2, 3]), sigma);
              const step = finerLevel(length);
              expect(children).toHaveLength(length / step);
              const sum = new CandleSum();
              children.forEach((c, i) => {
                expect(c.time).toBe(time + i * step);
                if (i > 0) expect(c.open).toBe(children[i - 1].close);
                expect(Number.isInteger(c.high) && Number.isInteger(c.low) && Number.isInteger(c.volume)).toBe(true);
                expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
                expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
                expect(c.low).toBeGreaterThanOrEqual(1);
                expect(c.volume).toBeGreaterThanOrEqual(0);
                sum.addCandle(c);
              });
              expect(sum.candle(time)).toEqual(parent);
            }),
            { numRuns: 5 },
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('splits the same candle the same way for the same draws, and another way for others', () => {
    const parent = { time: ANCHOR, open: 100_000, high: 104_000, low: 97_000, close: 101_000, volume: 5_000_000 };
    const a = splitCandle(parent, DAY, new Draws([1, 2, 3, 4]), 0.0009);
    expect(splitCandle(parent, DAY, new Draws([1, 2, 3, 4]), 0.0009)).toEqual(a);
    expect(splitCandle(parent, DAY, new Draws([1, 2, 3, 5]), 0.0009)).not.toEqual(a);
  });

  it('keeps a flat candle flat (a price held still)', () => {
    const flat = { time: ANCHOR, open: 5, high: 5, low: 5, close: 5, volume: 7 };
    const children = splitCandle(flat, HOUR, new Draws([9, 9, 9, 9]), 0.001);
    expect(children.every((c) => c.open === 5 && c.high === 5 && c.low === 5 && c.close === 5)).toBe(true);
    expect(children.reduce((v, c) => v + c.volume, 0)).toBe(7);
  });
});

describe('history', () => {
  it('walks from the listed price on the anchor day, forwards and backwards without a gap', () => {
    const history = new History(3, 'BTC/USDT', BTC, ANCHOR);
    expect(history.day(ANCHOR).open).toBe(6_425_000);
    for (let d = -200; d < 200; d++) expect(history.day(ANCHOR + d * DAY).close).toBe(history.day(ANCHOR + (d + 1) * DAY).open);
  });

  it('is a function of (seed, symbol, anchor): another History of them answers the same, in any order of asking', () => {
    const a = new History(3, 'BTC/USDT', BTC, ANCHOR);
    const b = new History(3, 'BTC/USDT', BTC, ANCHOR);
    const far = ANCHOR - 3000 * DAY;
    const minutesA = a.minutes(far, far + DAY);
    expect(b.day(ANCHOR + 90 * DAY)).toEqual(a.day(ANCHOR + 90 * DAY));
    expect(b.minutes(far, far + DAY)).toEqual(minutesA);
    expect(new History(4, 'BTC/USDT', BTC, ANCHOR).day(far)).not.toEqual(a.day(far));
    // Another anchor opens that day at the listed price; the days' moves are the same draws.
    const later = new History(3, 'BTC/USDT', BTC, ANCHOR + 40 * DAY);
    expect(later.day(ANCHOR + 40 * DAY).open).toBe(6_425_000);
    expect(later.day(ANCHOR + 10 * DAY)).not.toEqual(a.day(ANCHOR + 10 * DAY));
  });

  it('gives the minutes of a day that sum to the day', () => {
    const history = new History(5, 'ETH/USDT', SPECS[1], ANCHOR);
    const day = ANCHOR - 17 * DAY;
    const minutes = history.minutes(day, day + DAY);
    expect(minutes.length).toBe(5 * 1440);
    const sum = new CandleSum();
    for (let i = 0; i < minutes.length; i += 5) sum.add(minutes[i], minutes[i + 1], minutes[i + 2], minutes[i + 3], minutes[i + 4]);
    expect(sum.candle(day)).toEqual(history.day(day));
    // And only those before `until` when it falls inside the day.
    expect(history.minutes(day, day + 90 * MINUTE + 1).length).toBe(5 * 91);
  });
});
