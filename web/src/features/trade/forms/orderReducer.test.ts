/** The spot order form in the app's form shape: the reducer is the edits, the summary and errors are the validated order's. */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import {
  applyPercent,
  editAmount,
  editPrice,
  editQuantity,
  initialOrderForm,
  orderForm,
  orderReducer,
  startAtLastPrice,
  summarizeOrder,
  switchKind,
  switchSide,
  validateOrder,
  type OrderFormState,
} from './orderForm';
import { BTC_USDT } from './testRules';

const inputs = { rules: BTC_USDT, available: '1000', feeRate: '0.001' };
const form = (patch: Partial<OrderFormState> = {}): OrderFormState => ({ ...initialOrderForm(), ...patch });

describe('the reducer (what the page dispatches)', () => {
  it('each action is its edit, with the rules and the balance of the inputs', () => {
    const f = form({ price: '30000', quantity: '0.01', amount: '300' });
    expect(orderReducer(f, { type: 'price', value: '20000' }, inputs)).toEqual(editPrice(f, '20000', BTC_USDT));
    expect(orderReducer(f, { type: 'quantity', value: '0.02' }, inputs)).toEqual(editQuantity(f, '0.02', BTC_USDT));
    expect(orderReducer(f, { type: 'amount', value: '600' }, inputs)).toEqual(editAmount(f, '600', BTC_USDT));
    expect(orderReducer(f, { type: 'kind', kind: 'market' }, inputs)).toEqual(switchKind(f, 'market'));
    expect(orderReducer(f, { type: 'side', side: 'sell' }, inputs)).toEqual(switchSide(f, 'sell'));
    expect(orderReducer(f, { type: 'percent', percent: 50 }, inputs)).toEqual(applyPercent(f, 50, '1000', BTC_USDT));
    expect(orderReducer(f, { type: 'percent', percent: 50 }, inputs).quantity).toBe('0.01666');
    expect(orderReducer(form(), { type: 'startAt', last: '64000.128' }, inputs)).toEqual(startAtLastPrice(form(), '64000.128', BTC_USDT));
    expect(orderReducer(f, { type: 'startAt', last: '1' }, inputs)).toBe(f);
    expect(orderReducer(f, { type: 'placed' }, inputs)).toEqual({ ...f, quantity: '', amount: '' });
  });

  it('a submit shows its errors; the next edit clears them', () => {
    const shown = orderReducer(form(), { type: 'check', errors: { price: { key: 'trade.errors.priceRequired' } } }, inputs);
    expect(shown.errors).toEqual({ price: { key: 'trade.errors.priceRequired' } });
    expect(orderReducer(shown, { type: 'price', value: '1' }, inputs).errors).toEqual({});
  });
});

describe('the form', () => {
  it('its summary: the coin spent, how the order is sized, what it would spend as typed, and the order to confirm once valid', () => {
    const empty = orderForm.summary(form(), inputs);
    expect(empty).toEqual({ spend: { coin: 'USDT', precision: 2 }, byAmount: false, typedCost: null, review: null });
    expect(orderForm.errors(form(), inputs, empty)).toEqual({
      price: { key: 'trade.errors.priceRequired' },
      quantity: { key: 'trade.errors.quantityRequired' },
    });

    const f = form({ price: '30000', quantity: '0.01', amount: '300' });
    const s = orderForm.summary(f, inputs);
    expect(s.typedCost?.toFixed()).toBe('300');
    expect(s.review).toEqual(summarizeOrder(f, validateOrder(f, '1000', BTC_USDT).order!, BTC_USDT, '0.001'));
    expect(s.review?.fee).toEqual({ amount: new Big('0.00001'), coin: 'BTC' });
    expect(orderForm.errors(f, inputs, s)).toEqual({});

    const sell = form({ side: 'sell', kind: 'market', quantity: '2' });
    expect(orderForm.summary(sell, inputs)).toMatchObject({ spend: { coin: 'BTC', precision: 5 }, byAmount: false, review: { kind: 'market', quantity: '2' } });
    expect(orderForm.summary(form({ kind: 'market', amount: '50' }), inputs)).toMatchObject({ byAmount: true, typedCost: new Big(50) });
  });

  it('more than the balance: no order to confirm, the error on the field that sizes it', () => {
    const f = form({ price: '30000', quantity: '1' });
    const s = orderForm.summary(f, inputs);
    expect(s.review).toBeNull();
    expect(orderForm.errors(f, inputs, s)).toEqual({ quantity: { key: 'trade.errors.insufficient' } });
  });
});
