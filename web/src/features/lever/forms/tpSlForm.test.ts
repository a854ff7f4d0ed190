/** The take-profit / stop-loss sheet's checks and request. */
import { describe, expect, it } from 'vitest';
import { initialTpSl, tpSlForm, tpSlReducer, triggerReference, validateTpSl } from './tpSlForm';

describe('take-profit and stop-loss of an open order', () => {
  const order = { id: 'lv_1', side: 'long' as const };
  it('an empty field removes that trigger; each is checked against the reference price', () => {
    expect(validateTpSl({ takeProfit: '', stopLoss: '' }, order, '64000', 2).request).toEqual({ id: 'lv_1' });
    expect(validateTpSl({ takeProfit: '66000', stopLoss: '' }, order, '64000', 2).request).toEqual({ id: 'lv_1', takeProfit: '66000' });
    expect(validateTpSl({ takeProfit: '63000', stopLoss: '65000' }, order, '64000', 2).errors).toEqual({
      takeProfit: { key: 'lever.errors.takeProfitAbove', params: { price: '64000' } },
      stopLoss: { key: 'lever.errors.stopLossBelow', params: { price: '64000' } },
    });
    // Without a price yet, only the format is checked (the server checks the side).
    expect(validateTpSl({ takeProfit: '63000', stopLoss: '' }, order, undefined, 2).request).toEqual({ id: 'lv_1', takeProfit: '63000' });
  });

  it('a delegation is checked against its price, a position against the last price', () => {
    expect(triggerReference({ status: 'delegating', price: '60000' }, '64000')).toBe('60000');
    expect(triggerReference({ status: 'dealing', price: undefined }, '64000')).toBe('64000');
  });
});

describe('the form', () => {
  const position = { id: 'lv_1', side: 'long' as const, status: 'dealing' as const, price: undefined, takeProfit: '70000' };
  const inputs = { order: position, last: '64000', pricePrecision: 2 };

  it("starts with the order's triggers; an edit clears the messages; a refusal shows under its trigger", () => {
    const s = initialTpSl(position);
    expect(s).toEqual({ takeProfit: '70000', stopLoss: '', errors: {} });
    const checked = tpSlReducer(s, { type: 'check', errors: { stopLoss: { key: 'lever.errors.stopLossBelow', params: { price: '64000' } } } });
    expect(checked.errors.stopLoss).toBeDefined();
    expect(tpSlReducer(checked, { type: 'edit', field: 'stopLoss', value: '63000' })).toEqual({ takeProfit: '70000', stopLoss: '63000', errors: {} });
    expect(tpSlReducer(s, { type: 'refused', code: 'stop_loss_invalid', text: 'Too close' }).errors).toEqual({ stopLoss: { text: 'Too close' } });
    // Codes about fields the sheet does not have leave it as it is.
    expect(tpSlReducer(s, { type: 'refused', code: 'lots_out_of_bounds', text: 'No' })).toBe(s);
  });

  it('its summary: the reference price and the request once valid; its errors on submit', () => {
    const s = { ...initialTpSl(position), stopLoss: '65000' };
    const summary = tpSlForm.summary(s, inputs);
    expect(summary).toEqual({ reference: '64000', request: null });
    expect(tpSlForm.errors(s, inputs, summary)).toEqual({ stopLoss: { key: 'lever.errors.stopLossBelow', params: { price: '64000' } } });
    const ok = { ...s, stopLoss: '63000' };
    expect(tpSlForm.summary(ok, inputs)).toEqual({ reference: '64000', request: { id: 'lv_1', takeProfit: '70000', stopLoss: '63000' } });
    // A delegation is checked against its own price.
    const delegation = { ...position, status: 'delegating' as const, price: '60000' };
    expect(tpSlForm.summary(ok, { ...inputs, order: delegation })).toEqual({ reference: '60000', request: null });
  });
});
