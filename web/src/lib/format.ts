/**
 * The one formatting module for what the app shows: amounts and prices (truncated, never rounded
 * up, default 2 decimals: spec §9, grouped for the locale without going through a float), dates and times in the user's locale (one
 * style per purpose, so every list shows a time the same way), and values with a unit as one
 * bidirectionally isolated unit, so a right-to-left page keeps "-100.00 USDT" and "2,000 / 24 h"
 * whole. Pass the tag of `useIntlLocale()` (Arabic pins Latin digits).
 */
import { Big, parseDecimal as parse } from './decimal';
import type { Param } from './form';

const separators = new Map<string, { group: string; decimal: string }>();

/** Groups a plain decimal string for a locale without going through a float. */
export function groupDigits(value: string, locale = 'en'): string {
  let sep = separators.get(locale);
  if (!sep) {
    const parts = new Intl.NumberFormat(locale).formatToParts(11111.1);
    sep = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    separators.set(locale, sep);
  }
  const negative = value.startsWith('-');
  const [int, frac] = (negative ? value.slice(1) : value).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, sep.group);
  return `${negative ? '-' : ''}${grouped}${frac !== undefined ? sep.decimal + frac : ''}`;
}

/** Truncates to `decimals` places (toward zero) and groups digits. Invalid input shows "--". */
export function formatAmount(value: string | Big, decimals = 2, locale = 'en'): string {
  const d = parse(value);
  if (!d) return '--';
  const text = d.round(decimals, Big.roundDown).toFixed(decimals);
  return groupDigits(text === `-${(0).toFixed(decimals)}` ? text.slice(1) : text, locale);
}

/**
 * An exact value set by the platform (a minimum, a limit) in its shortest form: no trailing zeros
 * (the server prints `10.000000` at the coin's scale; people read "10"), grouped, nothing cut off.
 */
export function formatExact(value: string | Big, locale = 'en'): string {
  const d = parse(value);
  return d ? groupDigits(d.toFixed(), locale) : '--';
}

/**
 * A signed percentage ("+1.25%", "-0.40%"), truncated to 2 decimals. In a right-to-left language
 * it is a left-to-right isolate, so the sign stays in front of the number ("+3.67%", not "3.67%+").
 */
export function formatPercent(value: string, locale = 'en'): string {
  const d = parse(value);
  if (!d) return '--';
  const text = `${d.gt(0) ? '+' : ''}${formatAmount(d, 2, locale)}%`;
  return RTL_LANGUAGES.has(locale.split('-')[0]) ? `\u2066${text}\u2069` : text;
}

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);

const compactFormats = new Map<string, Intl.NumberFormat>();

/**
 * A large volume in the locale's short form ("16.5B", "16,5 Mrd.", "165.09亿", "1.28 مليون"),
 * truncated to at most 2 decimals. Display only: the figure is approximate by nature, so the
 * decimal string goes through a float here (and nowhere else), with Intl truncating what it shows.
 */
export function formatCompact(value: string, locale = 'en'): string {
  const d = parse(value);
  if (!d) return '--';
  let f = compactFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2, roundingMode: 'trunc', signDisplay: 'negative' });
    compactFormats.set(locale, f);
  }
  return f.format(d.toNumber());
}

const FSI = '\u2068';
const PDI = '\u2069';

/** `text` as one first-strong isolate: it keeps its own direction inside any paragraph. */
export const isolate = (text: string): string => `${FSI}${text}${PDI}`;

/** An amount with its coin ("1,234.56 USDT"), truncated to `decimals`, as one isolated unit. */
export function formatMoney(value: string | Big, decimals: number, coin: string, locale: string): string {
  return isolate(`${formatAmount(value, decimals, locale)} ${coin}`);
}

/** An amount with its coin in its shortest exact form ("0.001 BTC", "100,000 USDT"), as one isolated unit: bounds and limits. */
export function exactMoney(value: string | Big, coin: string, locale: string): string {
  return isolate(`${formatExact(value, locale)} ${coin}`);
}

/**
 * A profit or loss with its sign and coin ("+10.00 USDT", "-3.21 USDT"), truncated to `decimals`,
 * as one isolated unit; "+" only when what is shown is above zero.
 */
export function formatSignedMoney(value: string | Big, decimals: number, coin: string, locale: string): string {
  const d = parse(value);
  if (!d) return '--';
  return isolate(`${d.round(decimals, Big.roundDown).gt(0) ? '+' : ''}${formatAmount(d, decimals, locale)} ${coin}`);
}

/** A rate (0.0005, 0.85) as a percentage in its shortest form ("0.05%", "85%"), as one isolated unit. */
export function formatRate(rate: string | Big, locale: string): string {
  const d = parse(rate);
  return d ? isolate(`${formatExact(d.times(100), locale)}%`) : '--';
}

/** "x / y" as one isolated unit. */
export const formatRatio = (x: string, y: string): string => isolate(`${x} / ${y}`);

/** An amount: a sign, digits grouped and with decimals, and a unit (a coin or currency code, or %) when one follows. */
const AMOUNT = /(?<![\p{L}\p{N}.,'])[+\-\u2212]?\d(?:[\d.,'\u00a0\u202f]*\d)?(?:\s?%|[ \u00a0][A-Z][A-Z0-9]{1,9}\b)?/gu;
/** What is already isolated (and the amounts inside it): left as it is. */
const ISOLATED = /[\u2066\u2067\u2068][^\u2069]*\u2069/g;

/**
 * A composed string (a translation whose text holds the coin: "Account total ≈ {{amount}} USDT")
 * with each amount that needs it isolated: a signed number, or a number with its unit ("-100.00
 * USDT", "≈ 1,234.56 USDT", "5 %"). A plain number needs no isolate and keeps none; what is
 * already isolated is left alone. For a whole value ("2,000 USDT / 24 h") isolate the whole.
 */
export function isolateAmounts(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(ISOLATED)) {
    out += isolateRuns(text.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + isolateRuns(text.slice(last));
}

function isolateRuns(text: string): string {
  return text.replace(AMOUNT, (run) => (/^[+\-\u2212]|\D$/.test(run) ? isolate(run) : run));
}

/** How a moment is shown, by purpose. */
type DateStyle =
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

/**
 * The engine's first use of Intl costs 12 to 20 ms here (its locale data), the first date format
 * as much again (time zones), whatever the locale. Paid while the page's code and strings download,
 * one task each (together they would be one long task on a phone), so that the cost is not paid in
 * the first render with data.
 */
export function warmFormatters(): void {
  setTimeout(() => {
    groupDigits('0', 'en');
    setTimeout(() => formatDate(0, 'time', 'en'));
  });
}

/**
 * Params of a form's message (lib/form.ts) for the locale: each decimal string exact (bounds,
 * prices), each `{amount, places}` at its places (truncated), numbers and other text as they are.
 */
export function localParams(params: Record<string, Param> | undefined, locale: string): Record<string, string | number> | undefined {
  if (!params) return undefined;
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      typeof v === 'object' ? formatAmount(v.amount, v.places, locale) : typeof v === 'string' && parse(v) ? formatExact(v, locale) : v,
    ]),
  );
}
