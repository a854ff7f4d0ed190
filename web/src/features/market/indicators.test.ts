import { describe, expect, it } from 'vitest';
import { kdj, macd, parseSubIndicator, rsi, subPane } from './indicators';

const round = (values: (number | undefined)[], places = 4) => values.map((v) => (v === undefined ? undefined : Number(v.toFixed(places))));

// Wilder's RSI example series (the closes StockCharts uses to explain it).
const CLOSES = [
  44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28, 46.0, 46.03, 46.41, 46.22, 45.64, 46.21, 46.25, 45.71,
  46.45, 45.78, 45.35, 44.03, 44.18, 44.22, 44.57, 43.42, 42.66, 43.13,
];

describe('rsi (Wilder)', () => {
  it('starts at index 14 from the plain means of the first 14 gains and losses', () => {
    const r = rsi(CLOSES);
    expect(r.slice(0, 14).every((v) => v === undefined)).toBe(true);
    // Gains 0.06 + 0.72 + 0.50 + 0.27 + 0.32 + 0.42 + 0.24 + 0.14 + 0.67 = 3.34, losses
    // 0.25 + 0.54 + 0.19 + 0.42 = 1.40: RS = 3.34 / 1.40, RSI = 100 − 100 / (1 + RS) = 70.4641.
    expect(r[14]).toBeCloseTo(100 - 100 / (1 + 3.34 / 1.4), 10);
    expect(r[14]).toBeCloseTo(70.4641, 4);
  });

  it('then smooths: (previous × 13 + this change) / 14', () => {
    const r = rsi(CLOSES);
    // 46.28 → 46.00 falls 0.28: gain 3.34 / 14 × 13 / 14 = 0.221531, loss (0.1 × 13 + 0.28) / 14 = 0.112857.
    expect(r[15]).toBeCloseTo(100 - 100 / (1 + 0.2215306 / 0.1128571), 4);
    expect(round(r.slice(15), 2)).toEqual([
      66.25, 66.48, 69.35, 66.29, 57.92, 62.88, 63.21, 56.01, 62.34, 54.67, 50.39, 40.02, 41.49, 41.9, 45.5, 37.32, 33.09, 37.79,
    ]);
  });

  it('is 100 when nothing fell, 50 when nothing moved, nothing when there are too few closes', () => {
    expect(rsi([1, 2, 3, 4], 3).at(-1)).toBe(100);
    expect(rsi([5, 5, 5, 5], 3).at(-1)).toBe(50);
    expect(rsi([1, 2, 3], 3)).toEqual([undefined, undefined, undefined]);
  });
});

describe('macd', () => {
  it('is EMA(fast) − EMA(slow), its EMA(signal) and their difference (checked by hand with 2, 3, 2)', () => {
    // EMA2 (k = 2/3, seed 11): 11, 11, 13, 13, 14.3333; EMA3 (k = 1/2, seed 11): 11, 12.5, 12.75, 13.875.
    const m = macd([10, 12, 11, 14, 13, 15], 2, 3, 2);
    expect(round(m.dif)).toEqual([undefined, undefined, 0, 0.5, 0.25, 0.4583]);
    // DEA: seed (0 + 0.5) / 2, then 0.25 × 2/3 + 0.25 / 3, then 0.458333 × 2/3 + 0.25 / 3.
    expect(round(m.dea)).toEqual([undefined, undefined, undefined, 0.25, 0.25, 0.3889]);
    expect(round(m.histogram)).toEqual([undefined, undefined, undefined, 0.25, 0, 0.0694]);
  });

  it('with 12, 26, 9: DIF from the 26th close, DEA and the histogram from the 34th', () => {
    const closes = Array.from({ length: 60 }, (_, i) => 100 + Math.sin(i / 4) * 10);
    const m = macd(closes);
    expect(m.dif.findIndex((v) => v !== undefined)).toBe(25);
    expect(m.dea.findIndex((v) => v !== undefined)).toBe(33);
    expect(m.histogram[59]).toBeCloseTo(m.dif[59]! - m.dea[59]!, 12);
  });

  it('is zero on a flat price', () => {
    const m = macd(Array(40).fill(7));
    expect([m.dif.at(-1), m.dea.at(-1), m.histogram.at(-1)]).toEqual([0, 0, 0]);
  });
});

describe('kdj', () => {
  it('smooths the RSV from 50 (checked by hand with 3, 3, 3)', () => {
    const highs = [10, 11, 12, 11, 13];
    const lows = [8, 9, 10, 9, 10];
    const closes = [9, 10, 11, 10, 12];
    const s = kdj(highs, lows, closes, 3, 3, 3);
    // RSV 75, 33.33, 75 over the windows 8–12, 9–12, 9–13.
    expect(round(s.k)).toEqual([undefined, undefined, 58.3333, 50, 58.3333]);
    expect(round(s.d)).toEqual([undefined, undefined, 52.7778, 51.8519, 54.0123]);
    expect(round(s.j)).toEqual([undefined, undefined, 69.4444, 46.2963, 66.9753]);
  });

  it('with 9, 3, 3 starts at the ninth candle and stays at 50 on a flat price', () => {
    const flat = Array(12).fill(3);
    const s = kdj(flat, flat, flat);
    expect(s.k.findIndex((v) => v !== undefined)).toBe(8);
    expect([s.k.at(-1), s.d.at(-1), s.j.at(-1)]).toEqual([50, 50, 50]);
  });
});

describe('the sub pane', () => {
  const bars = Array.from({ length: 40 }, (_, i) => ({ open: 100 + i, high: 103 + i, low: 99 + i, close: 101 + i - (i % 3 === 0 ? 3 : 0), volume: i }));

  it('draws volume bars in the candle colour, MACD, KDJ with guides at 80 and 20, RSI with guides at 70 and 30', () => {
    expect(subPane('none', bars)).toBeNull();
    const vol = subPane('vol', bars)!;
    expect(vol.series[0].values).toEqual(bars.map((b) => b.volume));
    expect(vol.series[0].rising![0]).toBe(false);
    expect(vol.series[0].rising![1]).toBe(true);
    expect(subPane('macd', bars)!.series.map((s) => s.key)).toEqual(['MACD', 'DIF', 'DEA']);
    expect(subPane('kdj', bars)!.guides).toEqual([80, 20]);
    expect(subPane('rsi', bars)!).toMatchObject({ title: 'RSI(14)', guides: [70, 30], format: 'oscillator' });
  });

  it('is stored on its own; before that, volume was a price-pane switch, and that choice carries over', () => {
    expect(parseSubIndicator('macd', null)).toBe('macd');
    expect(parseSubIndicator('none', '["ma","vol"]')).toBe('none');
    expect(parseSubIndicator('nonsense', null)).toBe('vol');
    expect(parseSubIndicator(null, null)).toBe('vol');
    expect(parseSubIndicator(null, '["ma","vol"]')).toBe('vol');
    expect(parseSubIndicator(null, '["ma","boll"]')).toBe('none');
    expect(parseSubIndicator(null, '{oops')).toBe('vol');
  });
});
