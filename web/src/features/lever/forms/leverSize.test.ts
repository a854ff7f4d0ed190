/** Sizing a new position by a USDT amount or a percentage of the available balance (leverSize), through the lever form. */
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leverForm, leverReducer, type LeverFormState, type LeverInputs } from './leverForm';
import { costOf, lotsForBudget } from './leverMath';
import { BTC, form, RUNS, scenario } from './testLever';

/** The demo's BTC/USDT terms: whole lots of 0.01 BTC. */
const DEMO = { ...BTC, minLots: '1', lotStep: '1' };
const inputs = (available = '1000'): LeverInputs => ({ terms: DEMO, last: '60000', available, context: undefined });
const at10 = (patch: Partial<LeverFormState>) => form({ multiple: 10, ...patch });

describe('a USDT amount', () => {
  it('buys the most whole lots whose margin and fee fit in it, and the summary shows them before pressing', () => {
    // One lot at 60,000 and 10×: 60 margin + 0.30 fee.
    const s = leverForm.summary(at10({ unit: 'usdt', amount: '200' }), inputs());
    expect(s.lots?.toFixed()).toBe('3');
    expect([s.margin?.toFixed(), s.fee?.toFixed()]).toEqual(['180', '0.9']);
    expect(s.review?.request).toMatchObject({ lots: '3', multiple: 10 });
    // Exactly two lots' cost buys two; a micro-USDT less, one.
    expect(leverForm.summary(at10({ unit: 'usdt', amount: '120.6' }), inputs()).lots?.toFixed()).toBe('2');
    expect(leverForm.summary(at10({ unit: 'usdt', amount: '120.599999' }), inputs()).lots?.toFixed()).toBe('1');
  });

  it('too little for one lot, empty, too precise or more than available: a message under the amount, no order', () => {
    const errors = (amount: string, available?: string) => {
      const f = at10({ unit: 'usdt', amount });
      const i = inputs(available);
      return [leverForm.errors(f, i, leverForm.summary(f, i)), leverForm.summary(f, i).review];
    };
    expect(errors('60')).toEqual([{ amount: { key: 'lever.errors.amountTooSmall', params: { required: '60.3' } } }, null]);
    expect(errors('')[0]).toEqual({ amount: { key: 'lever.errors.amountRequired', params: { places: 6 } } });
    expect(errors('1.1234567')[0]).toEqual({ amount: { key: 'lever.errors.precision', params: { places: 6 } } });
    expect(errors('500', '100')[0]).toEqual({ amount: { key: 'lever.errors.insufficientMargin', params: { required: '482.4' } } });
  });

  it("a limit order's amount is priced at its delegate price; without one, only the price is asked for", () => {
    const s = leverForm.summary(at10({ kind: 'limit', price: '50000', unit: 'usdt', amount: '200' }), inputs());
    expect(s.lots?.toFixed()).toBe('3');
    expect(s.margin?.toFixed()).toBe('150');
    const f = at10({ kind: 'limit', unit: 'usdt', amount: '200' });
    expect(leverForm.errors(f, inputs(), leverForm.summary(f, inputs()))).toEqual({ price: { key: 'lever.errors.priceRequired' } });
  });
});

describe('a percentage of the available balance', () => {
  it('25/50/75/100 % set the amount; 50 % of 1,000 opens 8 lots (482.40), never more than it', () => {
    const f = leverReducer(at10({ lots: '2' }), { type: 'percent', percent: 50 }, { terms: DEMO });
    expect(f).toMatchObject({ unit: 'percent', amount: '50', lots: '2' });
    const s = leverForm.summary(f, inputs());
    expect(s.lots?.toFixed()).toBe('8');
    expect(s.review?.request.lots).toBe('8');
    expect(s.margin!.plus(s.fee!).toFixed()).toBe('482.4');
  });

  it('100 % opens what the whole balance can, fee included', () => {
    expect(leverForm.summary(at10({ unit: 'percent', amount: '100' }), inputs('1000')).lots?.toFixed()).toBe('16');
    expect(costOf(new Big(17), new Big(60000), 10, DEMO).gt(1000)).toBe(true);
  });

  it('more than 100 % is refused; switching the unit clears the amount and keeps the lots', () => {
    const f = at10({ unit: 'percent', amount: '120' });
    expect(leverForm.errors(f, inputs(), leverForm.summary(f, inputs()))).toEqual({ amount: { key: 'lever.errors.percentMax' } });
    expect(leverReducer(at10({ unit: 'usdt', amount: '5', lots: '2' }), { type: 'unit', unit: 'lots' }, { terms: DEMO })).toMatchObject({
      unit: 'lots',
      amount: '',
      lots: '2',
    });
  });

  it("the server's refusal of the lots shows under the amount when the size was entered as one", () => {
    const f = leverReducer(at10({ unit: 'usdt', amount: '200' }), { type: 'refused', code: 'insufficient_margin', text: 'Not enough' }, { terms: DEMO });
    expect(f.errors).toEqual({ amount: { text: 'Not enough' } });
  });
});

describe('lotsForBudget (property)', () => {
  it('never costs more than the budget, and one more step would (or is beyond the maximum)', () => {
    fc.assert(
      fc.property(scenario, ({ terms, price, multiple, available }) => {
        const lots = lotsForBudget(available, price, multiple, terms);
        if (lots.eq(0)) return costOf(new Big(terms.minLots), price, multiple, terms).gt(available);
        const next = lots.plus(terms.lotStep);
        return (
          costOf(lots, price, multiple, terms).lte(available) &&
          lots.mod(terms.lotStep).eq(0) &&
          lots.gte(terms.minLots) &&
          (next.gt(terms.maxLots) || costOf(next, price, multiple, terms).gt(available))
        );
      }),
      RUNS,
    );
  });
});
