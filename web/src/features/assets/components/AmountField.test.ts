import { describe, expect, it } from 'vitest';
import { maxAmount, sanitizeAmount } from './AmountField';

describe('amount input', () => {
  it('keeps digits and one point, at most the coin precision', () => {
    expect(sanitizeAmount('12a.3.45', 6)).toBe('12.345');
    expect(sanitizeAmount('0.123456789', 6)).toBe('0.123456');
    expect(sanitizeAmount('1,5', 2)).toBe('1.5');
    expect(sanitizeAmount('.5', 2)).toBe('0.5');
    expect(sanitizeAmount('-3', 2)).toBe('3');
  });
  it('Max rounds down, never up, and is never negative', () => {
    expect(maxAmount('10.129999', 2)).toBe('10.12');
    expect(maxAmount('0.999999999', 8)).toBe('0.99999999');
    expect(maxAmount('-1', 2)).toBe('0');
  });
});
