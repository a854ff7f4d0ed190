/**
 * Decimals on big.js: values stay decimal strings on the wire and in state, never floats. How they
 * are shown (truncated, grouped for the locale) is lib/format.ts.
 */
import Big from 'big.js';

export { Big };

/** A decimal string as a Big, or null when it is not one. */
export function parseDecimal(value: string | Big): Big | null {
  try {
    return new Big(value);
  } catch {
    return null;
  }
}

/** Compares two decimal strings: -1, 0 or 1 (invalid values sort as equal). */
export function compare(a: string, b: string): -1 | 0 | 1 {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  return x && y ? (x.cmp(y) as -1 | 0 | 1) : 0;
}

/** -1, 0 or 1: the direction of a change string. */
export function direction(change: string): -1 | 0 | 1 {
  return compare(change, '0');
}
