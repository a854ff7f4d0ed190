/**
 * Money and price display on big.js: values stay decimal strings, display truncates (never
 * rounds up), default 2 decimals (spec §9) unless the coin's precision says otherwise.
 */
import Big from 'big.js';

export { Big };

function parse(value: string | Big): Big | null {
  try {
    return new Big(value);
  } catch {
    return null;
  }
}

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

/** Large volumes in short form (12.34K, 5.67M, 1.23B), truncated. */
export function formatCompact(value: string, locale = 'en'): string {
  const d = parse(value);
  if (!d) return '--';
  for (const [size, suffix] of [
    ['1e9', 'B'],
    ['1e6', 'M'],
    ['1e3', 'K'],
  ] as const) {
    if (d.abs().gte(size)) return `${formatAmount(d.div(size), 2, locale)}${suffix}`;
  }
  return formatAmount(d, 2, locale);
}

/** Compares two decimal strings: -1, 0 or 1 (invalid values sort as equal). */
export function compare(a: string, b: string): -1 | 0 | 1 {
  const x = parse(a);
  const y = parse(b);
  return x && y ? (x.cmp(y) as -1 | 0 | 1) : 0;
}

/** -1, 0 or 1: the direction of a change string. */
export function direction(change: string): -1 | 0 | 1 {
  return compare(change, '0');
}
