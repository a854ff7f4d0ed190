/**
 * Money and price display on decimal.js: values stay decimal strings, display truncates (never
 * rounds up), default 2 decimals (spec §9) unless the coin's precision says otherwise.
 */
import Decimal from 'decimal.js';

export { Decimal };

function groupSeparators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(11111.1);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

const separators = new Map<string, { group: string; decimal: string }>();

/** Groups a plain decimal string for a locale without going through a float. */
export function groupDigits(value: string, locale = 'en'): string {
  let sep = separators.get(locale);
  if (!sep) separators.set(locale, (sep = groupSeparators(locale)));
  const negative = value.startsWith('-');
  const [int, frac] = (negative ? value.slice(1) : value).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, sep.group);
  return `${negative ? '-' : ''}${grouped}${frac !== undefined ? sep.decimal + frac : ''}`;
}

/** Truncates to `decimals` places (toward zero) and groups digits. Invalid input shows "--". */
export function formatAmount(value: string | Decimal, decimals = 2, locale = 'en'): string {
  try {
    const d = new Decimal(value);
    if (!d.isFinite()) return '--';
    return groupDigits(d.toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed(decimals), locale);
  } catch {
    return '--';
  }
}

/** A signed percentage ("+1.25%", "-0.40%"), truncated to 2 decimals. */
export function formatPercent(value: string, locale = 'en'): string {
  try {
    const d = new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    const sign = d.gt(0) ? '+' : '';
    return `${sign}${groupDigits(d.toFixed(2), locale)}%`;
  } catch {
    return '--';
  }
}

/** Large volumes in short form (12.34K, 5.67M, 1.23B), truncated. */
export function formatCompact(value: string, locale = 'en'): string {
  try {
    const d = new Decimal(value);
    const units: Array<[Decimal, string]> = [
      [new Decimal('1e9'), 'B'],
      [new Decimal('1e6'), 'M'],
      [new Decimal('1e3'), 'K'],
    ];
    for (const [size, suffix] of units) {
      if (d.abs().gte(size)) return `${formatAmount(d.dividedBy(size), 2, locale)}${suffix}`;
    }
    return formatAmount(d, 2, locale);
  } catch {
    return '--';
  }
}

/** -1, 0 or 1: the direction of a change string. */
export function direction(change: string): -1 | 0 | 1 {
  try {
    return new Decimal(change).comparedTo(0) as -1 | 0 | 1;
  } catch {
    return 0;
  }
}

/** Compares two decimal strings: -1, 0 or 1 (invalid values sort as equal). */
export function compare(a: string, b: string): -1 | 0 | 1 {
  try {
    return new Decimal(a).comparedTo(b) as -1 | 0 | 1;
  } catch {
    return 0;
  }
}
