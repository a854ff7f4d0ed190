/** The close sheet's form: how much of a position to close, at market or at a limit, and what that realizes before pressing. */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { closeForm, closeReducer, initialClose, percentOfLots, type CloseInputs, type CloseState } from './closeForm';
import { partClose, type LeverOrder } from './leverMath';
import { account, BTC } from './testLever';

/** The demo's BTC/USDT terms: whole lots of 0.01 BTC. */
const DEMO = { ...BTC, minLots: '1', lotStep: '1' };
const position = (patch: Partial<LeverOrder> = {}): LeverOrder => ({
  id: 'lv_1',
  symbol: 'BTC/USDT',
  side: 'long',
  type: 'market',
  lots: '4',
  multiple: 10,
  quantity: '0.04',
  openPrice: '60000',
  margin: '240',
  openFee: '1.2',
  closeFee: '0',
  overnightFee: '0',
  status: 'dealing',
  time: 0,
  updatedAt: 0,
  ...patch,
});
const inputs = (order = position(), last = '61000'): CloseInputs => {
  const context = { account: account('1000', order.margin), positions: [order], lasts: { 'BTC/USDT': last } };
  return { order, terms: DEMO, last, context };
};
const state = (patch: Partial<CloseState> = {}): CloseState => ({ ...initialClose(position()), ...patch });
const run = (s: CloseState, i = inputs()) => {
  const summary = closeForm.summary(s, i);
  return { summary, errors: closeForm.errors(s, i, summary) };
};
const text = (v: Big | null | undefined) => v?.toFixed();

describe('at market', () => {
  it('starts with the whole position: its P/L, fee and what returns at the last price, nothing stays open', () => {
    const { summary, errors } = run(state());
    expect(errors).toEqual({});
    const p = summary.part!;
    expect([p.pnl, p.fee, p.margin, p.returned, p.restLots].map(text)).toEqual(['40', '1.22', '240', '278.78', '0']);
    expect(summary.liquidation).toBeNull();
    expect(summary.request).toEqual({ op: 'closeLever', body: { id: 'lv_1' } });
  });

  it('25 % closes one of four lots: the part, what stays open and the new liquidation price are shown; the request names the lots', () => {
    const s = closeReducer(state(), { type: 'percent', percent: 25 }, inputs());
    expect(s.lots).toBe('1');
    const { summary } = run(s);
    const p = summary.part!;
    expect([p.pnl, p.fee, p.margin, p.returned, p.restLots, p.restMargin].map(text)).toEqual(['10', '0.305', '60', '69.695', '3', '180']);
    // A smaller long is liquidated further down.
    const { before, after } = summary.liquidation!;
    expect(after!.lt(before!)).toBe(true);
    expect(summary.request).toEqual({ op: 'closeLever', body: { id: 'lv_1', lots: '1' } });
  });

  it('percentages round down to the lot step; one that is less than a step is zero (not offered)', () => {
    const three = inputs(position({ lots: '3', quantity: '0.03', margin: '180' }));
    expect(closeForm.summary(state(), three).percents.map(({ percent, lots }) => [percent, lots.toFixed()])).toEqual([
      [25, '0'],
      [50, '1'],
      [75, '2'],
      [100, '3'],
    ]);
    expect(percentOfLots('1', 75, '0.01').toFixed()).toBe('0.75');
  });

  it('refuses more than the open lots, zero, empty, too many decimals, or a part of a step, and sends nothing', () => {
    const errorOf = (lots: string) => {
      const { summary, errors } = run(state({ lots }));
      expect(summary.request).toBeNull();
      return errors.lots;
    };
    expect(errorOf('5')).toEqual({ key: 'lever.errors.closeLotsMax', params: { max: '4' } });
    expect(errorOf('0')).toEqual({ key: 'lever.errors.invalid' });
    expect(errorOf('-1')).toEqual({ key: 'lever.errors.invalid' });
    expect(errorOf('')).toEqual({ key: 'lever.errors.lotsRequired' });
    expect(errorOf('1.5')).toEqual({ key: 'lever.errors.precision', params: { places: 0 } });
    const fine = { ...inputs(), terms: { ...BTC, minLots: '0.5', lotStep: '0.5' } };
    expect(run(state({ lots: '1.5' }), fine).errors).toEqual({});
    expect(run(state({ lots: '3.7' }), fine).errors.lots).toEqual({ key: 'lever.errors.lotsBounds', params: { min: '0.5', max: '4', step: '0.5' } });
  });

  it('the parts of a position closed at one price add up to one close of it, to the micro-USDT', () => {
    const order = position({ lots: '3', quantity: '0.03', margin: '90.000045', openPrice: '60000.03' });
    const price = new Big('61234.51');
    const whole = partClose(order, new Big(3), price, DEMO)!;
    const first = partClose(order, new Big(1), price, DEMO)!;
    const rest = partClose({ ...order, lots: '2', quantity: '0.02', margin: first.restMargin.toFixed() }, new Big(2), price, DEMO)!;
    for (const k of ['pnl', 'fee', 'margin', 'returned'] as const) expect(first[k].plus(rest[k]).toFixed(), k).toBe(whole[k].toFixed());
    expect(whole.fee.toFixed()).toBe('0.918518');
  });
});

describe('at a limit price (a close order)', () => {
  it("a long's close price must be above the last price; then it rests with the part's P/L at that price", () => {
    const limit = (price: string, lots = '1') => run(state({ kind: 'limit', price, lots }));
    expect(limit('60500').errors).toEqual({ price: { key: 'lever.errors.closeAbove', params: { price: '61000' } } });
    expect(limit('').errors).toEqual({ price: { key: 'lever.errors.priceRequired' } });
    expect(limit('62000.001').errors).toEqual({ price: { key: 'lever.errors.precision', params: { places: 2 } } });
    const { summary } = limit('62000');
    expect(text(summary.part!.pnl)).toBe('20');
    expect(summary.liquidation).toBeNull();
    expect(summary.request).toEqual({ op: 'placeLeverCloseOrder', body: { id: 'lv_1', price: '62000', lots: '1' } });
    expect(limit('62000', '4').summary.request).toEqual({ op: 'placeLeverCloseOrder', body: { id: 'lv_1', price: '62000' } });
  });

  it("a short's must be below it", () => {
    const short = inputs(position({ side: 'short' }));
    expect(run(state({ kind: 'limit', price: '61500' }), short).errors).toEqual({ price: { key: 'lever.errors.closeBelow', params: { price: '61000' } } });
    expect(run(state({ kind: 'limit', price: '59000' }), short).summary.request?.op).toBe('placeLeverCloseOrder');
  });

  it("the server's refusal goes under the lots or the price", () => {
    const i = inputs();
    expect(closeReducer(state(), { type: 'refused', code: 'lots_out_of_bounds', text: 'No' }, i).errors).toEqual({ lots: { text: 'No' } });
    expect(closeReducer(state(), { type: 'refused', code: 'amount_precision', text: 'No' }, i).errors).toEqual({ price: { text: 'No' } });
    expect(closeReducer(state(), { type: 'refused', code: 'order_closed', text: 'No' }, i).errors).toEqual({});
  });
});
