import { describe, expect, it } from 'vitest';
import { compare, direction } from './decimal';
import { formatAmount, formatPercent, groupDigits } from './format';

describe('amount display', () => {
  it('truncates, never rounds (2 decimals by default)', () => {
    expect(formatAmount('1.999')).toBe('1.99');
    expect(formatAmount('-1.999')).toBe('-1.99');
    expect(formatAmount('0.005')).toBe('0.00');
    expect(formatAmount('12')).toBe('12.00');
  });
  it("uses the coin's precision when given", () => {
    expect(formatAmount('0.123456789', 8)).toBe('0.12345678');
    expect(formatAmount('64210.555', 2)).toBe('64,210.55');
  });
  it('keeps every digit of large values (no float)', () => {
    expect(formatAmount('12345678901234567.891')).toBe('12,345,678,901,234,567.89');
  });
  it('groups digits for the locale', () => {
    expect(groupDigits('1234567.5', 'de')).toBe('1.234.567,5');
    expect(groupDigits('1234567.5', 'ar-u-nu-latn')).toMatch(/^1.234.567.5$/);
  });
  it('shows -- for invalid input', () => {
    expect(formatAmount('abc')).toBe('--');
  });
  it('formats percentages with a sign', () => {
    expect(formatPercent('1.2')).toBe('+1.20%');
    expect(formatPercent('-0.456')).toBe('-0.45%');
    expect(formatPercent('0')).toBe('0.00%');
    // Arabic: a left-to-right isolate keeps the sign in front of the number.
    expect(formatPercent('3.67', 'ar-u-nu-latn')).toBe('\u2066+3.67%\u2069');
  });
  it('compares decimal strings exactly', () => {
    expect(compare('0.30000000000000001', '0.3')).toBe(1);
    expect(direction('-0.01')).toBe(-1);
  });
});
