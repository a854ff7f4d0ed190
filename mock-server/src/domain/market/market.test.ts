import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { FROZEN_EPOCH } from '../kernel/clock';
import { bucketStart, RETENTION, type CandleTiers } from './candles';
import { Market } from './market';

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

  it('walks the same history for a seed whatever its start (and world built before), dated from that start', () => {
    const start = Date.UTC(2026, 0, 1);
    const fresh = new Market(11, start).kline('SOL/USDT', '1min', 1000);
    // A world of the seed moved on, then another built later: its history is kept, not shared.
    const moved = new Market(11, start);
    moved.setPrice('SOL/USDT', '1.00');
    moved.advanceTo(start + 30 * 60_000);
    expect(new Market(11, start).kline('SOL/USDT', '1min', 1000)).toEqual(fresh);
    // Another start (not on a minute) dates the same walk from there.
    const later = new Market(11, start + 5 * 3_600_000 + 17_000).kline('SOL/USDT', '1min', 1000);
    expect(later).toEqual(fresh.map((c) => ({ ...c, time: c.time + 5 * 3_600_000 })));
    expect(new Market(12, start).kline('SOL/USDT', '1min', 1000).map((c) => c.close)).not.toEqual(fresh.map((c) => c.close));
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
    expect(tiers.minutes).toBeLessThanOrEqual(RETENTION.minutes / 60_000 + 64 + 1);
    expect(tiers.hours).toBeLessThanOrEqual(RETENTION.hours / 3_600_000 + 64 + 1);
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
