/**
 * What every lightweight-charts chart of the app shares: the theme's colours, axis labels and
 * prices in the user's language and local time (the library itself shows UTC in English and
 * formats prices with its own float rules), and epoch milliseconds as the library's time.
 */
import { ColorType, TickMarkType, type ISeriesApi, type SeriesType, type Time, type UTCTimestamp } from 'lightweight-charts';
import { formatCompact, formatDate, groupDigits } from '../../lib/format';

export const toChartTime = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

const RTL = /^(ar|he|fa|ur)\b/;

/**
 * Text drawn on the (always left-to-right) canvas: a right-to-left language's date ("26/11/2026،
 * 12:02") is an RTL isolate, so its parts keep their order.
 */
export const canvasText = (text: string, locale: string): string => (RTL.test(locale) ? `\u2067${text}\u2069` : text);

/** Axis labels in the user's local time and language. */
function tickMarkIn(locale: string) {
  return (time: Time, type: TickMarkType): string => {
    if (typeof time !== 'number') return String(time);
    const ms = time * 1000;
    switch (type) {
      case TickMarkType.Year:
        return formatDate(ms, 'axisYear', locale);
      case TickMarkType.Month:
        return canvasText(formatDate(ms, 'axisMonth', locale), locale);
      case TickMarkType.DayOfMonth:
        return canvasText(formatDate(ms, 'axisDay', locale), locale);
      default:
        return canvasText(formatDate(ms, 'axisTime', locale), locale);
    }
  };
}

/** Background, text and grid colours for the light or dark theme. */
export function themeOptions(dark: boolean) {
  const text = dark ? '#b7bdc6' : '#474d57';
  const line = dark ? 'rgba(255,255,255,0.06)' : 'rgba(0,0,0,0.06)';
  return {
    layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: text, attributionLogo: false },
    grid: { vertLines: { color: line }, horzLines: { color: line } },
    rightPriceScale: { borderColor: line },
    timeScale: { borderColor: line },
  };
}

/**
 * Labels a chart draws on a price axis over its tick labels (a series' last value, a price line's
 * label): `series` is the series whose scale it is, `prices` where those labels are now.
 */
export interface LabelsOnAxis {
  series: () => ISeriesApi<SeriesType> | null;
  prices: () => number[];
}

/** How close (px) a tick label's middle may come to that of a label drawn over the axis (some 17 px tall, its text 12) before it is left out. */
const CLEAR_PX = 15;

/**
 * A series' price format: the symbol's places, grouped for the locale (labels only; money never
 * passes through it). With `clearOf`, a tick label of the axis that would sit under one of those
 * labels is left out rather than shown half covered; whoever moves them applies the format again
 * (that is what makes the axis label its ticks anew).
 */
export function priceFormatOf(pricePrecision: number, locale: string, clearOf?: LabelsOnAxis) {
  const minMove = Number((1 / 10 ** pricePrecision).toFixed(pricePrecision));
  const formatter = (price: number) => groupDigits(price.toFixed(pricePrecision), locale);
  if (!clearOf) return { type: 'custom' as const, minMove, formatter };
  const tickmarksFormatter = (prices: number[]) => {
    const series = clearOf.series();
    if (!series) return prices.map(formatter);
    const taken = clearOf.prices().flatMap((p) => series.priceToCoordinate(p) ?? []);
    return prices.map((p) => {
      const y = series.priceToCoordinate(p);
      return y !== null && taken.some((t) => Math.abs(t - y) < CLEAR_PX) ? '' : formatter(p);
    });
  };
  return { type: 'custom' as const, minMove, formatter, tickmarksFormatter };
}

/** An amount axis (volume, cumulative depth) in short form for the locale ("1,23K"). */
export function amountFormatOf(locale: string) {
  return { type: 'custom' as const, minMove: 1e-8, formatter: (value: number) => formatCompact(value.toFixed(8), locale) };
}

/** The chart's time labels (crosshair and axis) in the user's language and local time. */
export function localizationOf(locale: string) {
  return {
    localization: {
      locale,
      timeFormatter: (time: Time) => (typeof time === 'number' ? canvasText(formatDate(time * 1000, 'dateTime', locale), locale) : String(time)),
    },
    timeScale: { tickMarkFormatter: tickMarkIn(locale) },
  };
}

/**
 * The time axis of a candle chart: a few bars of room after the last candle, so the latest candle
 * and the last time label are not drawn under the price axis; no scrolling into empty space.
 */
export const timeScaleOptions = {
  timeScale: { timeVisible: true, secondsVisible: false, rightOffset: 4, fixLeftEdge: true, lockVisibleTimeRangeOnResize: true },
} as const;

/**
 * The price axis of every pane: only labels drawn whole (the library otherwise draws the topmost
 * one half cut off at the pane's edge).
 */
export const priceScaleOptions = {
  rightPriceScale: { entireTextOnly: true },
} as const;
