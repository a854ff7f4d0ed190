import { describe, expect, it } from 'vitest';
import { laterOrder, type P2pOrder } from './api';

const order = (status: P2pOrder['status'], extra: Partial<P2pOrder> = {}) => ({ id: 'po_1', status, ...extra }) as P2pOrder;

describe('an order in the cache', () => {
  it('is not taken back by an answer read before a pushed step', () => {
    expect(laterOrder(order('cancelled'), order('waiting_payment')).status).toBe('cancelled');
    expect(laterOrder(order('completed'), order('paid')).status).toBe('completed');
    expect(laterOrder(order('paid'), order('waiting_payment')).status).toBe('paid');
    expect(laterOrder(order('appeal'), order('waiting_payment')).status).toBe('appeal');
  });

  it('takes every step forward, and the steps the state machine allows back (an appeal withdrawn)', () => {
    expect(laterOrder(undefined, order('waiting_payment')).status).toBe('waiting_payment');
    expect(laterOrder(order('waiting_payment'), order('paid')).status).toBe('paid');
    expect(laterOrder(order('waiting_payment'), order('cancelled')).status).toBe('cancelled');
    expect(laterOrder(order('paid'), order('completed')).status).toBe('completed');
    expect(laterOrder(order('appeal'), order('paid')).status).toBe('paid');
    const newer = order('paid', { paidAt: 2 });
    expect(laterOrder(order('paid', { paidAt: 1 }), newer)).toBe(newer);
  });
});
