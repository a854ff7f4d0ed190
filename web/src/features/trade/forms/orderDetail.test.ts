import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../../contracts/generated/openapi';
import { formatAmount } from '../../../lib/format';
import { orderBreakdown } from './orderDetail';
import { BTC_USDT } from './testRules';

type Order = components['schemas']['Order'];
const order = (patch: Partial<Order>): Order => ({
  id: 'od_1',
  symbol: 'BTC/USDT',
  side: 'buy',
  type: 'market',
  quantity: '0.01588',
  filled: '0.01588',
  filledAmount: '999.587123',
  fee: '0.00002',
  feeCoin: 'BTC',
  status: 'completed',
  time: 0,
  updatedAt: 0,
  ...patch,
});
const text = (a: { amount: Big } | null) => a?.amount.toFixed();

describe('an order adds up', () => {
  it('a 1,000 USDT market buy: spent + returned = the amount; filled − fee = received', () => {
    const b = orderBreakdown(order({ quoteAmount: '1000.00' }), BTC_USDT);
    expect(text(b.reserved)).toBe('1000');
    expect(text(b.spent)).toBe('999.587123');
    expect(text(b.returned)).toBe('0.412877');
    expect(b.spent.amount.plus(b.returned!.amount).eq(b.reserved!.amount)).toBe(true);
    expect([text(b.gross), text(b.fee), text(b.received)]).toEqual(['0.01588', '0.00002', '0.01586']);
    expect(b.received.coin).toBe('BTC');
    // Why the exact figures are needed: truncated at 2 places, the filled value reads 999.58 while
    // a balance of 10,000 drops to 9,000.41, a drop that reads 999.59.
    expect(formatAmount(b.spent.amount, 2)).toBe('999.58');
    expect(formatAmount(new Big(10000).minus(b.spent.amount), 2)).toBe('9,000.41');
  });

  it('a limit buy reserves price × quantity rounded up; a cancelled part comes back', () => {
    const b = orderBreakdown(
      order({ type: 'limit', price: '62994.77', quantity: '0.01234', filled: '0.01000', filledAmount: '629.947700', fee: '0.00001', status: 'cancelled' }),
      BTC_USDT,
    );
    expect(text(b.reserved)).toBe('777.355462'); // 777.3554618 rounded up
    expect(text(b.returned)).toBe('147.407762');
    expect(text(b.received)).toBe('0.00999');
  });

  it('an open order has nothing returned yet; a market buy by quantity has no reserve to show', () => {
    expect(orderBreakdown(order({ type: 'limit', price: '60000.00', quantity: '0.01000', status: 'pending' }), BTC_USDT).returned).toBeNull();
    const byQuantity = orderBreakdown(order({}), BTC_USDT);
    expect(byQuantity.reserved).toBeNull();
    expect(byQuantity.returned).toBeNull();
  });

  it('a sell: the quantity is spent; proceeds − fee (in USDT) = received', () => {
    const b = orderBreakdown(
      order({ side: 'sell', quantity: '0.05000', filled: '0.05000', filledAmount: '3149.738000', fee: '3.149738', feeCoin: 'USDT' }),
      BTC_USDT,
    );
    expect([text(b.spent), b.spent.coin, text(b.returned)]).toEqual(['0.05', 'BTC', '0']);
    expect([text(b.gross), text(b.fee), text(b.received), b.received.coin, b.received.places]).toEqual(['3149.738', '3.149738', '3146.588262', 'USDT', 6]);
  });
});
