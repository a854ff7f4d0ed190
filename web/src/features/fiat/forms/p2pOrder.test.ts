import { describe, expect, it } from 'vitest';
import { Big } from '../../../lib/decimal';
import { figures, largest, type OrderTerms } from './p2pOrder';

const terms: OrderTerms = { price: '1.01', min: '50.00', max: '5000.00', available: '200000.000000', coinPlaces: 6, fiatPlaces: 2 };

describe('the fiat order form', () => {
  it('by amount: the quantity truncated, the amount paid rounded up (as the server answers)', () => {
    const f = figures('amount', new Big('100.20'), terms);
    expect([f.quantity.toFixed(), f.amount.toFixed(2), f.problem]).toEqual(['99.20792', '100.20', undefined]);
  });

  it('by quantity: the amount rounded up; the limits in fiat and what the ad has left', () => {
    expect(figures('quantity', new Big('100'), terms).amount.toFixed(2)).toBe('101.00');
    expect(figures('amount', new Big('10'), terms).problem).toBe('below');
    expect(figures('amount', new Big('5000.01'), terms).problem).toBe('above');
    expect(figures('quantity', new Big('60'), { ...terms, available: '20' }).problem).toBe('above');
    expect(figures('amount', new Big('0.0000001'), terms).problem).toBe('zero');
  });

  it('the largest order: the max, or what the ad has left', () => {
    expect(largest('amount', terms).toFixed(2)).toBe('4999.99');
    expect(largest('quantity', { ...terms, available: '20' }).toFixed()).toBe('20');
  });
});
