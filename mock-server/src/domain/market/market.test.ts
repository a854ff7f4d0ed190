import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { FROZEN_EPOCH } from '../kernel/clock';
import { bucketStart, nextBucket, RETENTION, type CandleTiers, type KlinePeriod } from './candles';
import { Market } from './market';
import { SPECS } from './symbols';

const DAY_MS = 86_400_000;
import { World } from '../world';

const frozen = (seed = 7) => new World({ seed, freezeClock: true });

describe('market simulator', () => {
  it('lists at least 20 symbols', () => {
    expect(frozen().market.symbols().length).toBeGreaterThanOrEqual(20);
  });

  it('is deterministic: same seed and frozen clock give the same prices and ticks', () => {
    const a = frozen(42);
    const b = frozen(42);
    expect(a.market.tickers()).toEqual(b.market.tickers());
    a.clock.advance(5_000);
    b.clock.advance(5_000);
    expect(a.market.tickers()).toEqual(b.market.tickers());
    expect(frozen(43).market.tickers()).not.toEqual(a.market.tickers());
  });

  it('gives the same path whether time moves in one jump or second by second', () => {
    const a = frozen(5);
    const b = frozen(5);
    a.clock.advance(30_000);
    for (let i = 0; i < 30; i++) b.clock.advance(1_000);
    expect(a.market.tickers().map((t) => t.last)).toEqual(b.market.tickers().map((t) => t.last));
  });

  it('ticks once per virtual second and publishes every symbol', () => {
    const world = frozen();
    const events: number[] = [];
    world.events.on('tickers', (e) => events.push(e.tickers.length));
    world.clock.advance(400);
    expect(events).toEqual([]);
    world.clock.advance(600);
    expect(events).toEqual([world.market.symbols().length]);
    const before = world.market.tickers().map((t) => t.last);
    world.clock.advance(3_000);
    const after = world.market.tickers().map((t) => t.last);
    expect(after.filter((p, i) => p !== before[i]).length).toBeGreaterThan(10);
  });

  it('keeps 24 h statistics consistent', () => {
    const world = frozen();
    world.clock.advance(120_000);
    for (const t of world.market.tickers()) {
      const last = new Big(t.last);
      expect(last.lte(t.high24h) && last.gte(t.low24h)).toBe(true);
      const change = last.minus(t.open24h).div(t.open24h).times(100);
      expect(change.minus(t.change24h).abs().lte('0.01')).toBe(true);
      expect(t.last.split('.')[1]?.length ?? 0).toBe(t.pricePrecision);
    }
  });

  it.each(['1min', '15min', '4hour', '1day', '1week', '1mon'] as const)('builds %s candles: contiguous, well-formed, ending now', (period) => {
    const world = frozen();
    world.clock.advance(90_000);
    const candles = world.market.kline('BTC/USDT', period, 50);
    expect(candles).toHaveLength(50);
    for (const c of candles) {
      const [o, h, l, cl] = [c.open, c.high, c.low, c.close].map((v) => new Big(v));
      expect(h.gte(o.gt(cl) ? o : cl) && l.lte(o.lt(cl) ? o : cl)).toBe(true);
      expect(new Big(c.volume).gte(0)).toBe(true);
      expect(bucketStart(c.time, period)).toBe(c.time);
    }
    for (let i = 1; i < candles.length; i++) expect(candles[i].time).toBeGreaterThan(candles[i - 1].time);
    expect(candles[candles.length - 1].close).toBe(world.market.ticker('BTC/USDT').last);
  });

  it('answers the same history twice (synthetic candles are derived, not drawn)', () => {
    const m = new Market(3, Date.UTC(2026, 0, 1));
    expect(m.kline('ETH/USDT', '1day', 200)).toEqual(m.kline('ETH/USDT', '1day', 200));
  });

  it('shows the same history for a seed and the day of its start (and world built before), starting at the listed price', () => {
    const start = Date.UTC(2026, 0, 1);
    const fresh = new Market(11, start).kline('SOL/USDT', '1min', 1000);
    expect(fresh.at(-1)!.close).toBe('148.62');
    // A world of the seed moved on, then another built later: its history is kept, not shared.
    const moved = new Market(11, start);
    moved.setPrice('SOL/USDT', '1.00');
    moved.advanceTo(start + 30 * 60_000);
    expect(new Market(11, start).kline('SOL/USDT', '1min', 1000)).toEqual(fresh);
    // A world started later that day (not on a minute) shows the same candles before the earlier start.
    const later = new Market(11, start + 5 * 3_600_000 + 17_000).kline('SOL/USDT', '1min', 1000, start - 1);
    expect(later).toEqual(fresh);
    for (const period of ['1day', '1mon'] as const) {
      expect(new Market(11, start + 3_600_000).kline('SOL/USDT', period, 30, start - 1)).toEqual(
        new Market(11, start).kline('SOL/USDT', period, 30, start - 1),
      );
    }
    // A world started on another day starts from the listed price that day.
    expect(new Market(11, start + 40 * DAY_MS).ticker('SOL/USDT').last).toBe('148.62');
    expect(new Market(12, start).kline('SOL/USDT', '1min', 1000).map((c) => c.close)).not.toEqual(fresh.map((c) => c.close));
  });

  it('walks a history that stays a plausible market: within a few times the listed price over decades, never at zero', () => {
    const market = new Market(7, Date.UTC(2026, 0, 1));
    for (const spec of SPECS) {
      const symbol = `${spec.base}/${spec.quote ?? 'USDT'}`;
      const listed = Number(spec.price);
      const months = market.kline(symbol, '1mon', 1000);
      expect(months.length).toBeGreaterThan(600);
      for (const c of months) {
        expect(Number(c.low)).toBeGreaterThan(listed / 6);
        expect(Number(c.high)).toBeLessThan(listed * 6);
      }
    }
  });

  it('aligns weeks on Monday and months on the first', () => {
    expect(new Date(bucketStart(Date.UTC(2026, 0, 8, 13), '1week')).getUTCDay()).toBe(1);
    expect(bucketStart(Date.UTC(2026, 4, 17, 9), '1mon')).toBe(Date.UTC(2026, 4, 1));
  });

  it('keeps memory bounded across a year of virtual time, in slices of bounded work', () => {
    const world = frozen();
    const stored = () => (world.market as unknown as { states: Map<string, { candles: CandleTiers }> }).states.get('BTC/USDT')!.candles.sizes();
    let slices = 0;
    for (const _ of world.advanceInSlices(365 * DAY_MS)) slices++;
    for (const _ of world.advanceInSlices(365 * DAY_MS)) slices++;
    // Two years were simulated in many slices (none of them a whole year at once)…
    expect(slices).toBeGreaterThan(100);
    expect(world.clock.now()).toBe(FROZEN_EPOCH + 730 * DAY_MS);
    // …and what is kept is bounded by the retention of each resolution, not by the time simulated.
    const tiers = stored();
    // (Folds move whole hours and days: up to one more of those, and a batch of 64.)
    expect(tiers.minutes).toBeLessThanOrEqual(RETENTION.minutes / 60_000 + 60 + 64);
    expect(tiers.hours).toBeLessThanOrEqual(RETENTION.hours / 3_600_000 + 24 + 64);
    expect(tiers.days).toBeLessThanOrEqual(730 + 2 - 400);
    // Charts of every period still end now and stay contiguous across the resolutions.
    for (const period of ['1min', '60min', '1day', '1week'] as const) {
      const candles = world.market.kline('BTC/USDT', period, 500);
      expect(candles).toHaveLength(500);
      expect(candles.at(-1)!.close).toBe(world.market.ticker('BTC/USDT').last);
      for (let i = 1; i < candles.length; i++) expect(candles[i].time).toBeGreaterThan(candles[i - 1].time);
    }
  });

  it('never answers candles before 1970 (EpochMillis >= 0), even for an early `to` or a long period', () => {
    const world = frozen();
    for (const period of ['1min', '1day', '1mon'] as const) {
      for (const to of [0, 86_400_000, world.clock.now()]) {
        const candles = world.market.kline('BTC/USDT', period, 1000, to);
        expect(candles.length).toBeGreaterThan(0);
        expect(candles.every((c) => c.time >= 0)).toBe(true);
      }
    }
  });
});

/** Each larger period and the finer one it is made of (a week and a month are whole days). */
const PAIRS: Array<[KlinePeriod, KlinePeriod]> = [
  ['1mon', '1day'],
  ['1week', '1day'],
  ['1day', '4hour'],
  ['1day', '60min'],
  ['4hour', '60min'],
  ['60min', '30min'],
  ['30min', '15min'],
  ['15min', '5min'],
  ['5min', '1min'],
  ['60min', '1min'],
];

/**
 * Checks that each of the `count` candles of `big` ending at `to` is the sum of the `fine` candles
 * within it: the first one's open, the last one's close, the highest high, the lowest low, the
 * volumes added up; and that the fine candles leave no gap.
 */
function expectSums(market: Market, symbol: string, big: KlinePeriod, fine: KlinePeriod, to: number, count: number): number {
  let checked = 0;
  for (const candle of market.kline(symbol, big, count, to)) {
    const end = nextBucket(candle.time, big);
    const parts = market.kline(symbol, fine, 1000, Math.min(end - 1, market.now())).filter((c) => c.time >= candle.time && c.time < end);
    expect(parts[0].time).toBe(candle.time);
    for (let i = 1; i < parts.length; i++) expect(parts[i].time).toBe(nextBucket(parts[i - 1].time, fine));
    const summed = {
      time: candle.time,
      open: parts[0].open,
      high: parts.reduce((m, c) => (new Big(c.high).gt(m) ? c.high : m), parts[0].high),
      low: parts.reduce((m, c) => (new Big(c.low).lt(m) ? c.low : m), parts[0].low),
      close: parts.at(-1)!.close,
      volume: parts.reduce((v, c) => v.plus(c.volume), new Big(0)).toFixed(candle.volume.split('.')[1]?.length ?? 0),
    };
    expect(summed, `${symbol} ${big} at ${new Date(candle.time).toISOString()} from ${fine}`).toEqual(candle);
    checked++;
  }
  return checked;
}

describe('one history for every period', () => {
  const SYMBOLS = ['BTC/USDT', 'SHIB/USDT', 'ETH/BTC'];
  const START = FROZEN_EPOCH;

  it('a fresh world: every candle is the sum of the finer ones in it, before the start and the live one', () => {
    const world = frozen(21);
    world.clock.advance(95_000);
    const now = world.market.now();
    for (const symbol of SYMBOLS)
      for (const [big, fine] of PAIRS) {
        // The live candle and the ones before it, then some of the history long before the start.
        expect(expectSums(world.market, symbol, big, fine, now, 3)).toBe(3);
        expectSums(world.market, symbol, big, fine, START - 400 * DAY_MS, 2);
      }
  });

  it('a world started off the minute, moved by a set price and a jump of weeks (kept as hours, then minutes and seconds)', () => {
    const start = START + 5 * 3_600_000 + 17_000;
    const market = new Market(8, start);
    market.advanceTo(start + 40_000);
    market.setPrice('BTC/USDT', '70000.00');
    const end = start + 20 * DAY_MS + 123_000;
    market.aimAt(end);
    for (let now = start + 40_000; now < end;) {
      now = market.sliceEnd(now, end);
      market.advanceTo(now);
    }
    market.aimAt(null);
    for (const symbol of SYMBOLS)
      for (const [big, fine] of PAIRS) {
        expectSums(market, symbol, big, fine, end, 2);
        // Around the start (history and the world's first seconds in one candle) and in the
        // stretch simulated an hour at a time (split when a finer period asks).
        expectSums(market, symbol, big, fine, start, 2);
        expectSums(market, symbol, big, fine, start + 8 * DAY_MS, 2);
      }
    expect(market.kline('BTC/USDT', '1min', 1, end).at(-1)!.close).toBe(market.ticker('BTC/USDT').last);
  });

  it('answers the same candles for the same question (splits are derived, not drawn anew)', () => {
    const a = new Market(9, START).kline('ETH/USDT', '5min', 500, START - 3 * DAY_MS);
    const market = new Market(9, START);
    market.kline('ETH/USDT', '1min', 1000, START - 3 * DAY_MS);
    expect(market.kline('ETH/USDT', '5min', 500, START - 3 * DAY_MS)).toEqual(a);
  });
});
