/**
 * The one formatting module for what the app shows: amounts and prices (truncated, never rounded
 * up: spec §9; in lib/decimal.ts, re-exported here), dates and times in the user's locale (one
 * style per purpose, so every list shows a time the same way), and values with a unit as one
 * bidirectionally isolated unit, so a right-to-left page keeps "-100.00 USDT" and "2,000 / 24 h"
 * whole. Pass the tag of `useIntlLocale()` (Arabic pins Latin digits).
 */
import { formatAmount, formatCompact, formatPercent, groupDigits, type Big } from './decimal';

export { formatAmount, formatCompact, formatPercent, groupDigits };

const FSI = '\u2068';
const PDI = '\u2069';

/** `text` as one first-strong isolate: it keeps its own direction inside any paragraph. */
export const isolate = (text: string): string => `${FSI}${text}${PDI}`;

/** An amount with its coin ("1,234.56 USDT"), truncated to `decimals`, as one isolated unit. */
export function formatMoney(value: string | Big, decimals: number, coin: string, locale: string): string {
  return isolate(`${formatAmount(value, decimals, locale)} ${coin}`);
}

/** "x / y" as one isolated unit. */
export const formatRatio = (x: string, y: string): string => isolate(`${x} / ${y}`);

/** How a moment is shown, by purpose. */
export type DateStyle =
  /** A record or an order in a list: date and time to the minute ("11/23/26, 9:05 AM"). */
  | 'dateTime'
  /** When something was added or decided ("Nov 23, 2026, 9:05 AM"). */
  | 'dateTimeLong'
  /** A day ("Nov 23, 2026"). */
  | 'date'
  /** A time of day to the second, 24 h (the trades tape). */
  | 'time'
  /** A chart's axis: the time of day to the minute. */
  | 'axisTime'
  /** A chart's axis: a day of a month. */
  | 'axisDay'
  /** A chart's axis: a month of a year. */
  | 'axisMonth'
  /** A chart's axis: a year. */
  | 'axisYear';

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: 'short', timeStyle: 'short' },
  dateTimeLong: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  time: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  axisTime: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  axisDay: { month: 'short', day: 'numeric' },
  axisMonth: { month: 'short', year: 'numeric' },
  axisYear: { year: 'numeric' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A moment (epoch milliseconds) in the user's locale and time zone. */
export function formatDate(ms: number, style: DateStyle, locale: string): string {
  const key = `${locale}|${style}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, OPTIONS[style])));
  return f.format(ms);
}
