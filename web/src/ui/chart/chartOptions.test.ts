import type { ISeriesApi, SeriesType } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { priceFormatOf } from './chartOptions';

/** A series whose scale puts price p at y = 1000 − p (px). */
const series = { priceToCoordinate: (p: number) => 1000 - p } as unknown as ISeriesApi<SeriesType>;

describe('priceFormatOf', () => {
  it('formats prices at the symbol’s places, grouped for the locale', () => {
    expect(priceFormatOf(2, 'de').formatter(64250.5)).toBe('64.250,50');
    expect(priceFormatOf(2, 'en')).not.toHaveProperty('tickmarksFormatter');
  });

  it('leaves out a tick label under a label drawn over the axis (the last price), and only those', () => {
    const format = priceFormatOf(0, 'en', { series: () => series, prices: () => [500] });
    // 500 is at y 500: a tick 14 px away would be half covered, one 15 px away is clear.
    expect(format.tickmarksFormatter!([530, 515, 514, 500, 486, 485, 470])).toEqual(['530', '515', '', '', '', '485', '470']);
    // No series yet: every label.
    expect(priceFormatOf(0, 'en', { series: () => null, prices: () => [500] }).tickmarksFormatter!([500])).toEqual(['500']);
  });
});
