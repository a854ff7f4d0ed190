import { describe, expect, it } from 'vitest';
import { Big } from './decimal';
import { checkAmount, maxAmount, wireAmount } from './amount';

describe('amount entry', () => {
  it('checks an amount against the coin precision with big.js', () => {
    expect(checkAmount('', 2).problem).toBe('required');
    expect(checkAmount('0', 2).problem).toBe('invalid');
    expect(checkAmount('1.234', 2).problem).toBe('precision');
    expect(checkAmount('0.30000001', 8).amount?.toFixed()).toBe('0.30000001');
  });
  it('refuses what the API refuses: more than 15 digits before the point, more than 40 characters', () => {
    expect(checkAmount('999999999999999.99', 2).amount?.toFixed()).toBe('999999999999999.99');
    expect(checkAmount('1000000000000000', 2).problem).toBe('invalid');
    expect(checkAmount('1.' + '1'.repeat(39), 40).problem).toBe('invalid');
  });
  it('Max rounds down, never up, and is never negative', () => {
    expect(wireAmount(maxAmount(new Big('10.129999'), 2))).toBe('10.12');
    expect(wireAmount(maxAmount(new Big('0.999999999'), 8))).toBe('0.99999999');
    expect(wireAmount(maxAmount(new Big('-1'), 2))).toBe('0');
  });
});
