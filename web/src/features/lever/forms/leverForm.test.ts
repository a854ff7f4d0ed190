/** The lever order form's state and edits, and the form (lib/form's shape) that joins them to its summary and errors. */
import { describe, expect, it } from 'vitest';
import { validateLeverOrder } from './leverErrors';
import { clearAfterOpen, editField, initialLeverForm, leverForm, leverReducer, setMultiple, switchKind, switchSide, type LeverInputs } from './leverForm';
import { summarizeLeverOrder } from './leverSummary';
import { account, BTC, form } from './testLever';

describe('editing', () => {
  it('starts at market with the lowest multiple', () => {
    expect(initialLeverForm(BTC, 'short')).toEqual({
      side: 'short',
      kind: 'market',
      price: '',
      unit: 'lots',
      lots: '',
      amount: '',
      multiple: 5,
      takeProfit: '',
      stopLoss: '',
      errors: {},
    });
  });

  it('switching side clears the triggers (they would be on the wrong side); kind keeps them; edits clear errors', () => {
    const f = form({ lots: '1', takeProfit: '70000', stopLoss: '60000', errors: { lots: { key: 'x' } } });
    expect(switchSide(f, 'short')).toMatchObject({ side: 'short', lots: '1', takeProfit: '', stopLoss: '', errors: {} });
    expect(switchSide(f, 'long')).toBe(f);
    expect(switchKind(f, 'limit')).toMatchObject({ kind: 'limit', takeProfit: '70000', errors: {} });
    expect(editField(f, 'price', '1')).toMatchObject({ price: '1', errors: {} });
    expect(setMultiple(f, 20, BTC).multiple).toBe(20);
    expect(setMultiple(f, 7, BTC)).toBe(f);
    expect(clearAfterOpen(f)).toMatchObject({ lots: '', takeProfit: '', stopLoss: '', multiple: 5 });
  });
});

describe('the reducer (what the page dispatches)', () => {
  const inputs = { terms: BTC };
  it('edits, side, kind and multiple are the edits above', () => {
    const f = form({ lots: '1', takeProfit: '70000', errors: { lots: { key: 'x' } } });
    expect(leverReducer(f, { type: 'edit', field: 'lots', value: '2' }, inputs)).toEqual(editField(f, 'lots', '2'));
    expect(leverReducer(f, { type: 'side', side: 'short' }, inputs)).toEqual(switchSide(f, 'short'));
    expect(leverReducer(f, { type: 'side', side: 'long' }, inputs)).toBe(f);
    expect(leverReducer(f, { type: 'kind', kind: 'limit' }, inputs)).toEqual(switchKind(f, 'limit'));
    expect(leverReducer(f, { type: 'multiple', multiple: 50 }, inputs).multiple).toBe(50);
    expect(leverReducer(f, { type: 'multiple', multiple: 7 }, inputs)).toBe(f);
    expect(leverReducer(f, { type: 'opened' }, inputs)).toEqual(clearAfterOpen(f));
  });

  it('a submit shows its errors (none clears them); a refusal goes under the field its code is about, until the next edit', () => {
    const f = form({ lots: '1' });
    const checked = leverReducer(f, { type: 'check', errors: { lots: { key: 'lever.errors.lotsRequired' } } }, inputs);
    expect(checked.errors).toEqual({ lots: { key: 'lever.errors.lotsRequired' } });
    expect(leverReducer(checked, { type: 'check', errors: {} }, inputs).errors).toEqual({});
    const refused = leverReducer(f, { type: 'refused', code: 'insufficient_margin', text: 'Not enough margin' }, inputs);
    expect(refused.errors).toEqual({ lots: { text: 'Not enough margin' } });
    expect(leverReducer(f, { type: 'refused', code: 'take_profit_invalid', text: 'No' }, inputs).errors).toEqual({ takeProfit: { text: 'No' } });
    // A code about no field: the toast has said it, the form stays as it is.
    expect(leverReducer(f, { type: 'refused', code: 'rate_limited', text: 'Slow down' }, inputs)).toBe(f);
    expect(leverReducer(f, { type: 'refused', code: undefined, text: 'Offline' }, inputs)).toBe(f);
    expect(leverReducer(refused, { type: 'edit', field: 'lots', value: '2' }, inputs).errors).toEqual({});
  });
});

describe('the form', () => {
  const ctx = { account: account('100'), positions: [], lasts: {} };
  const inputs = (patch: Partial<LeverInputs> = {}): LeverInputs => ({ terms: BTC, last: '64000', available: '1000', context: ctx, ...patch });

  it('its summary is the preview, with the order to confirm once the form is valid', () => {
    const empty = leverForm.summary(form(), inputs());
    expect(empty).toEqual({ lots: null, quantity: null, margin: null, fee: null, liquidationPrice: null, review: null });
    expect(leverForm.errors(form(), inputs(), empty)).toEqual({ lots: { key: 'lever.errors.lotsRequired' } });

    const f = form({ lots: '1', multiple: 10, stopLoss: '60000' });
    const s = leverForm.summary(f, inputs());
    expect([s.quantity, s.margin, s.fee, s.liquidationPrice].map((v) => v?.toFixed())).toEqual(['0.01', '64', '0.32', '55312.63']);
    expect(s.review).toEqual(summarizeLeverOrder(f, validateLeverOrder(f, BTC, '64000', '1000').order!, BTC, ctx));
    expect(s.review?.request).toEqual({ symbol: 'BTC/USDT', side: 'long', type: 'market', lots: '1', multiple: 10, stopLoss: '60000' });
    expect(leverForm.errors(f, inputs(), s)).toEqual({});
  });

  it('too little margin: the figures show, no order to confirm, the error on the lots', () => {
    const f = form({ lots: '1', multiple: 10 });
    const s = leverForm.summary(f, inputs({ available: '64.31' }));
    expect(s.margin?.toFixed()).toBe('64');
    expect(s.review).toBeNull();
    expect(leverForm.errors(f, inputs({ available: '64.31' }), s)).toEqual({
      lots: { key: 'lever.errors.insufficientMargin', params: { required: '64.32' } },
    });
  });

  it('at market without a last price there is nothing to confirm yet (and nothing wrong); a limit order has its own price', () => {
    const f = form({ lots: '1' });
    const s = leverForm.summary(f, inputs({ last: undefined }));
    expect(s).toMatchObject({ margin: null, review: null });
    expect(leverForm.errors(f, inputs({ last: undefined }), s)).toEqual({});
    const limit = form({ kind: 'limit', price: '60000', lots: '1' });
    expect(leverForm.summary(limit, inputs({ last: undefined })).review?.request).toMatchObject({ type: 'limit', price: '60000' });
  });
});
