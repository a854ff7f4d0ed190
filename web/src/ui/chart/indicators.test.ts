import { describe, expect, it } from 'vitest';
import { bollinger, DEFAULT_INDICATORS, ema, indicatorLines, parseIndicators, sma, toggleIndicator } from './indicators';

describe('sma', () => {
  it('averages the last `length` values, undefined before there are enough', () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toEqual([undefined, undefined, 2, 3, 4]);
  });
  it('gives nothing when the input is shorter than the length', () => {
    expect(sma([1, 2], 3)).toEqual([undefined, undefined]);
  });
});

describe('ema', () => {
  it('starts at the SMA of the first `length` values, then smooths by 2 / (length + 1)', () => {
    expect(ema([1, 2, 3, 4, 5], 3)).toEqual([undefined, undefined, 2, 3, 4]);
    const e = ema([10, 10, 10, 20], 3);
    expect(e[2]).toBe(10);
    expect(e[3]).toBe(15);
  });
  it('follows a jump more quickly than the SMA', () => {
    const closes = [...Array(30).fill(100), 200];
    expect(ema(closes, 25).at(-1)!).toBeGreaterThan(sma(closes, 25).at(-1)!);
  });
});

describe('bollinger', () => {
  it('is the SMA ± width population standard deviations', () => {
    const b = bollinger([2, 4, 4, 4, 5, 5, 7, 9], 8, 2);
    expect(b.middle.at(-1)).toBe(5);
    expect(b.upper.at(-1)).toBe(9);
    expect(b.lower.at(-1)).toBe(1);
    expect(b.upper[6]).toBeUndefined();
  });
  it('has no width on a flat price', () => {
    const b = bollinger(Array(20).fill(50));
    expect([b.lower.at(-1), b.middle.at(-1), b.upper.at(-1)]).toEqual([50, 50, 50]);
  });
});

describe('indicatorLines', () => {
  const closes = Array.from({ length: 120 }, (_, i) => 100 + i);
  it('MA draws 7, 25 and 99; EMA 7 and 25; BOLL its middle and bands', () => {
    expect(indicatorLines('ma', closes).map((l) => l.key)).toEqual(['MA7', 'MA25', 'MA99']);
    expect(indicatorLines('ema', closes).map((l) => l.key)).toEqual(['EMA7', 'EMA25']);
    expect(indicatorLines('boll', closes).map((l) => l.key)).toEqual(['BOLL', 'UP', 'DN']);
    expect(indicatorLines('ma', closes)[2].values.at(-1)).toBe(100 + 119 - 49);
  });
});

describe('the stored choice', () => {
  it('defaults to MA when nothing (or nonsense) is stored', () => {
    expect(parseIndicators(null)).toEqual(DEFAULT_INDICATORS);
    expect(parseIndicators('{oops')).toEqual(DEFAULT_INDICATORS);
    expect(parseIndicators('"ma"')).toEqual(DEFAULT_INDICATORS);
  });
  it('keeps known names in menu order and drops unknown ones; an empty list stays empty', () => {
    expect(parseIndicators('["vol","boll","macd","ema"]')).toEqual(['ema', 'boll']);
    expect(parseIndicators('[]')).toEqual([]);
  });
  it('toggles one indicator on and off', () => {
    expect(toggleIndicator(['ma', 'ema'], 'boll')).toEqual(['ma', 'ema', 'boll']);
    expect(toggleIndicator(['ma', 'ema'], 'ma')).toEqual(['ema']);
  });
});
