/** Lever amounts by the spec's rule (§9): 2 places, truncated; a fee under a cent is not shown as nothing. */
import { describe, expect, it } from 'vitest';
import { usdt, usdtFee } from './display';

const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');

describe('lever amounts', () => {
  it('a fee shows 2 places, truncated, as every amount', () => {
    expect(plain(usdtFee('0.669565', 'en'))).toBe('0.66 USDT');
    expect(plain(usdtFee('12.345', 'de'))).toBe('12,34 USDT');
  });

  it('no fee charged shows 0.00, not a bare 0', () => {
    expect(plain(usdtFee('0', 'en'))).toBe('0.00 USDT');
    expect(plain(usdtFee('0.000000', 'en'))).toBe('0.00 USDT');
  });

  it('a fee under a cent shows the places it needs, not 0.00', () => {
    expect(plain(usdtFee('0.0032', 'en'))).toBe('0.0032 USDT');
  });

  it('an amount truncates toward zero', () => {
    expect(plain(usdt('1234.567', 'en'))).toBe('1,234.56 USDT');
  });
});
