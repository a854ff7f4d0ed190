/**
 * What is wrong with a lever order: each field's check, the triggers' sides, the margin against
 * the balance, the fields of the server's codes; then properties over random terms (testLever).
 */
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLots, checkTriggers, fieldOfCode, validateLeverOrder } from './leverErrors';
import { feeOf, marginOf, quantityOf } from './leverMath';
import { summarizeLeverOrder } from './leverSummary';
import { BTC, form, RUNS, scenario, terms } from './testLever';

describe('validation', () => {
  it('lots: required, positive, within the bounds and a whole number of steps', () => {
    expect(checkLots('', BTC).error).toEqual({ key: 'lever.errors.lotsRequired' });
    expect(checkLots('0', BTC).error).toEqual({ key: 'lever.errors.invalid' });
    expect(checkLots('.', BTC).error).toEqual({ key: 'lever.errors.invalid' });
    const bounds = { key: 'lever.errors.lotsBounds', params: { min: '0.01', max: '100', step: '0.01' } };
    for (const bad of ['0.005', '100.01', '1.005', '1000']) expect(checkLots(bad, BTC).error).toEqual(bounds);
    for (const good of ['0.01', '1', '99.99', '100', '1.50']) expect(checkLots(good, BTC).value?.toFixed()).toBe(new Big(good).toFixed());
    expect(checkLots('1.5', { ...BTC, lotStep: '0.5', minLots: '0.5' }).value?.toFixed()).toBe('1.5');
    expect(checkLots('1.2', { ...BTC, lotStep: '0.5', minLots: '0.5' }).error?.key).toBe('lever.errors.lotsBounds');
  });

  it('triggers: a long takes profit above and stops below the opening price, a short the reverse', () => {
    const ref = new Big('64000');
    expect(checkTriggers('long', ref, new Big('65000'), new Big('63000'))).toEqual({});
    expect(checkTriggers('long', ref, new Big('64000'), new Big('64000'))).toEqual({
      takeProfit: { key: 'lever.errors.takeProfitAbove', params: { price: '64000' } },
      stopLoss: { key: 'lever.errors.stopLossBelow', params: { price: '64000' } },
    });
    expect(checkTriggers('short', ref, new Big('63000'), new Big('65000'))).toEqual({});
    expect(checkTriggers('short', ref, new Big('65000'), new Big('63000'))).toEqual({
      takeProfit: { key: 'lever.errors.takeProfitBelow', params: { price: '64000' } },
      stopLoss: { key: 'lever.errors.stopLossAbove', params: { price: '64000' } },
    });
    expect(checkTriggers('short', ref, undefined, undefined)).toEqual({});
  });

  it('names missing and malformed fields; at market the last price is the opening price', () => {
    expect(validateLeverOrder(form({ kind: 'limit' }), BTC, '64000', '1000').errors).toEqual({
      price: { key: 'lever.errors.priceRequired' },
      lots: { key: 'lever.errors.lotsRequired' },
    });
    expect(validateLeverOrder(form({ lots: '1', takeProfit: '1.234', stopLoss: '0' }), BTC, '64000', '1000').errors).toEqual({
      takeProfit: { key: 'lever.errors.precision', params: { places: 2 } },
      stopLoss: { key: 'lever.errors.invalid', params: { places: 2 } },
    });
    expect(validateLeverOrder(form({ lots: '1', takeProfit: '63000' }), BTC, '64000', '1000').errors).toEqual({
      takeProfit: { key: 'lever.errors.takeProfitAbove', params: { price: '64000' } },
    });
    // A limit's triggers are checked against its delegate price, not the last price.
    expect(validateLeverOrder(form({ kind: 'limit', price: '60000', lots: '1', takeProfit: '63000' }), BTC, '64000', '1000').order).toBeDefined();
    expect(validateLeverOrder(form({ lots: '1', multiple: 7 }), BTC, '64000', '1000').errors).toEqual({
      multiple: { key: 'lever.errors.multiple', params: { multiples: '5, 10, 20, 50, 100' } },
    });
  });

  it('margin plus fee beyond the available balance is insufficient, with the sum as a param; unknown balance is not checked', () => {
    const f = form({ lots: '1', multiple: 10 });
    expect(validateLeverOrder(f, BTC, '64000', '64.31').errors).toEqual({ lots: { key: 'lever.errors.insufficientMargin', params: { required: '64.32' } } });
    expect(validateLeverOrder(f, BTC, '64000', '64.32').order).toBeDefined();
    expect(validateLeverOrder(f, BTC, '64000', undefined).order).toBeDefined();
  });
});

it('server codes map to their fields', () => {
  expect(['lots_out_of_bounds', 'insufficient_margin', 'multiple_not_offered', 'take_profit_invalid', 'stop_loss_invalid', 'x'].map(fieldOfCode)).toEqual([
    'lots',
    'lots',
    'multiple',
    'takeProfit',
    'stopLoss',
    null,
  ]);
});

describe('properties', () => {
  it('lots are accepted exactly when within the bounds and a whole number of steps', () => {
    fc.assert(
      fc.property(terms, fc.integer({ min: 0, max: 12_000 }), fc.integer({ min: 0, max: 9 }), (t, k, nudge) => {
        // A multiple of a tenth of a step, so about one in ten is on the grid.
        const lots = new Big(t.lotStep).times(k).plus(new Big(t.lotStep).times(nudge).div(10));
        const c = checkLots(lots.toFixed(), t);
        const onGrid = nudge === 0;
        const inBounds = lots.gte(t.minLots) && lots.lte(t.maxLots);
        if (lots.eq(0)) expect(c.error?.key).toBe('lever.errors.invalid');
        else if (onGrid && inBounds) expect(c.value?.eq(lots)).toBe(true);
        else expect(c.error).toEqual({ key: 'lever.errors.lotsBounds', params: { min: t.minLots, max: t.maxLots, step: t.lotStep } });
      }),
      RUNS,
    );
  });

  it('an accepted order fits the balance, sends what was typed, and its triggers are on the profit and loss sides', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.integer({ min: -3, max: 3 }),
        fc.integer({ min: -3, max: 3 }),
        fc.constantFrom('short', 'exact', 'plenty'),
        ({ terms: t, price, steps, multiple, side: s, available: extra }, tpOff, slOff, funds) => {
          // Mostly within the bounds, one in twelve one step beyond the most.
          const span = new Big(t.maxLots).minus(t.minLots).div(t.lotStep).toNumber();
          const lots = new Big(t.lotStep).times(steps % 12 === 0 ? span + 1 : steps % (span + 1)).plus(t.minLots);
          const q0 = quantityOf(lots, t);
          const need = marginOf(price, q0, multiple).plus(feeOf(price, q0, t.feeRate));
          // Just short of what it needs, exactly that, or more.
          const available = funds === 'short' ? need.minus('0.000001') : funds === 'exact' ? need : need.plus(extra);
          const tick = new Big(10).pow(-t.pricePrecision);
          const tp = price.plus(tick.times(tpOff));
          const sl = price.plus(tick.times(slOff));
          const f = form({
            side: s,
            kind: 'limit',
            price: price.toFixed(),
            lots: lots.toFixed(),
            multiple,
            takeProfit: tp.gt(0) ? tp.toFixed() : '',
            stopLoss: sl.gt(0) ? sl.toFixed() : '',
          });
          const checked = validateLeverOrder(f, t, '1', available.toFixed());
          const tpOk = !f.takeProfit || (s === 'long' ? tpOff > 0 : tpOff < 0);
          const slOk = !f.stopLoss || (s === 'long' ? slOff < 0 : slOff > 0);
          if (!lots.lte(t.maxLots)) {
            expect(checked.errors?.lots?.key).toBe('lever.errors.lotsBounds');
            return;
          }
          expect(Boolean(checked.errors?.takeProfit)).toBe(!tpOk);
          expect(Boolean(checked.errors?.stopLoss)).toBe(!slOk);
          if (!tpOk || !slOk) return;
          const q = quantityOf(lots, t);
          const required = marginOf(price, q, multiple).plus(feeOf(price, q, t.feeRate));
          if (required.gt(available)) {
            expect(checked.errors).toEqual({ lots: { key: 'lever.errors.insufficientMargin', params: { required: required.toFixed() } } });
            return;
          }
          expect(checked.errors).toBeUndefined();
          const sum = summarizeLeverOrder(f, checked.order!, t, undefined);
          expect(sum.request).toEqual({
            symbol: 'X/USDT',
            side: s,
            type: 'limit',
            price: price.toFixed(),
            lots: lots.toFixed(),
            multiple,
            ...(f.takeProfit ? { takeProfit: f.takeProfit } : {}),
            ...(f.stopLoss ? { stopLoss: f.stopLoss } : {}),
          });
          expect(sum.margin.plus(sum.fee).lte(available)).toBe(true);
        },
      ),
      RUNS,
    );
  });
});
