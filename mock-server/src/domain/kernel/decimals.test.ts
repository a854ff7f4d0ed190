/** The decimal printing helpers and the rounding table (decimals.ts). */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { coinAmount } from '../assets/coins';
import * as dec from './decimals';

describe('fixed', () => {
  it('prints exactly the scale asked: padded, no exponent, never "-0"', () => {
    expect(dec.fixed('1200.5', 6)).toBe('1200.500000');
    expect(dec.fixed(new Big('1e-7'), 8)).toBe('0.00000010');
    expect(dec.fixed(new Big('1e21'), 2)).toBe('1000000000000000000000.00');
    expect(dec.fixed('7', 0)).toBe('7');
    expect(dec.fixed(new Big('-0'), 2)).toBe('0.00');
    expect(dec.fixed('-0.001', 2, 'display')).toBe('0.00');
    expect(dec.fixed('-100', 6)).toBe('-100.000000');
  });

  it('refuses to round by accident: a value with more decimals needs a rounding kind', () => {
    expect(() => dec.fixed('0.1234567', 6)).toThrow(/more than 6 decimals/);
    expect(dec.fixed('0.1234567', 6, 'fee')).toBe('0.123457');
  });
});

describe('the rounding table', () => {
  const x = new Big('1.0000001');
  it('fees and amounts paid round up, amounts received and shown values down (toward zero)', () => {
    expect(dec.round(x, 6, 'fee').toFixed()).toBe('1.000001');
    expect(dec.round(x, 6, 'paid').toFixed()).toBe('1.000001');
    expect(dec.round(x, 6, 'received').toFixed()).toBe('1');
    expect(dec.round(x, 6, 'display').toFixed()).toBe('1');
    expect(dec.percent(new Big('-1.259'))).toBe('-1.25');
    expect(dec.percent(new Big('1.259'))).toBe('1.25');
  });
});

describe('one helper per kind', () => {
  const btcUsdt = { pricePrecision: 2, amountPrecision: 5, quotePrecision: 2 };
  it('scales each kind as its field says', () => {
    expect(coinAmount('USDT', '1200.5')).toBe('1200.500000');
    expect(coinAmount('BTC', '0.01')).toBe('0.01000000');
    expect(coinAmount('DOGE', '12')).toBe('12');
    expect(dec.price(btcUsdt, '64000')).toBe('64000.00');
    expect(dec.quantity(btcUsdt, '0')).toBe('0.00000');
    expect(dec.quote(btcUsdt, '1000')).toBe('1000.00');
    expect(dec.settled('999.5')).toBe('999.500000');
    expect(dec.usdt('2000')).toBe('2000.00');
    expect(dec.rate('61987.98558')).toBe('61987.98558000');
  });

  it('integer units print exactly', () => {
    expect(dec.unitsToFixed(5, 3)).toBe('0.005');
    expect(dec.unitsToFixed(0, 2)).toBe('0.00');
    expect(dec.unitsToFixed(6421055, 2)).toBe('64210.55');
    expect(dec.unitsToFixed(123, 0)).toBe('123');
  });
});
