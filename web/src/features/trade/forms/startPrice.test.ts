import { describe, expect, it } from 'vitest';
import { editPrice, initialOrderForm, startAtLastPrice, type SymbolRules } from './orderForm';

const BTC: SymbolRules = { symbol: 'BTC/USDT', base: 'BTC', quote: 'USDT', pricePrecision: 2, amountPrecision: 5, quotePrecision: 2, settlementPrecision: 8 };

describe('startAtLastPrice', () => {
  it('fills an empty price with the last price at the symbol’s places (truncated)', () => {
    expect(startAtLastPrice(initialOrderForm('buy'), '63018.129', BTC).price).toBe('63018.12');
    expect(startAtLastPrice(initialOrderForm('buy'), '63018', BTC).price).toBe('63018.00');
  });
  it('keeps a price the user typed or picked', () => {
    const typed = editPrice(initialOrderForm('buy'), '60000', BTC);
    expect(startAtLastPrice(typed, '63018.12', BTC)).toBe(typed);
  });
  it('does nothing while the last price is unknown or not a price', () => {
    const form = initialOrderForm('sell');
    expect(startAtLastPrice(form, undefined, BTC)).toBe(form);
    expect(startAtLastPrice(form, '0', BTC)).toBe(form);
  });
});
