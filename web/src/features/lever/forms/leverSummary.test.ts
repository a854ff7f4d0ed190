/** What the lever form sums up: the preview as the user types, and the order to confirm with its request. */
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateLeverOrder } from './leverErrors';
import { previewLeverOrder, summarizeLeverOrder } from './leverSummary';
import { leverForm } from './leverForm';
import { account, BTC, decimal, form, RUNS, scenario } from './testLever';

describe('preview and summary', () => {
  it('the preview fills in as the user types', () => {
    const ctx = { account: account('100'), positions: [], lasts: {} };
    expect(previewLeverOrder(form(), BTC, '64000', ctx)).toEqual({ lots: null, quantity: null, margin: null, fee: null, liquidationPrice: null });
    const p = previewLeverOrder(form({ lots: '1', multiple: 10 }), BTC, '64000', ctx);
    expect([p.quantity, p.margin, p.fee, p.liquidationPrice].map((v) => v?.toFixed())).toEqual(['0.01', '64', '0.32', '55312.63']);
    expect(previewLeverOrder(form({ lots: '1', kind: 'limit' }), BTC, '64000', ctx)).toMatchObject({ margin: null });
    expect(previewLeverOrder(form({ lots: '1' }), BTC, '64000', undefined).liquidationPrice).toBeNull();
  });

  it('the request carries what was typed, the price only on a limit order, the triggers only when given', () => {
    const m = validateLeverOrder(form({ lots: '2.5', multiple: 20, takeProfit: '70000' }), BTC, '64000.5', '1000');
    const s = summarizeLeverOrder({ side: 'long', kind: 'market' }, m.order!, BTC, undefined);
    expect(s.request).toEqual({ symbol: 'BTC/USDT', side: 'long', type: 'market', lots: '2.5', multiple: 20, takeProfit: '70000' });
    expect([s.openPrice, s.quantity, s.margin, s.fee].map((v) => v.toFixed())).toEqual(['64000.5', '0.025', '80.000625', '0.800007']);
    expect(s.liquidationPrice).toBeNull();
    const l = validateLeverOrder(form({ side: 'short', kind: 'limit', price: '65000', lots: '1', stopLoss: '66000' }), BTC, '64000', '1000');
    expect(summarizeLeverOrder({ side: 'short', kind: 'limit' }, l.order!, BTC, { account: account('100'), positions: [], lasts: {} }).request).toEqual({
      symbol: 'BTC/USDT',
      side: 'short',
      type: 'limit',
      price: '65000',
      lots: '1',
      multiple: 5,
      stopLoss: '66000',
    });
  });
});

describe('properties', () => {
  it("the form's order to confirm is the validated order's summary, with the preview's figures; there is one exactly when nothing is wrong", () => {
    fc.assert(
      fc.property(
        scenario,
        fc.constantFrom('market', 'limit'),
        fc.integer({ min: -2, max: 2 }),
        fc.boolean(),
        decimal(6, 100_000),
        ({ terms: t, price, steps, multiple, side: s, available }, kind, tpOff, withAccount, balance) => {
          const lots = new Big(t.lotStep).times(steps % 50).plus(t.minLots);
          const tick = new Big(10).pow(-t.pricePrecision);
          const tp = price.plus(tick.times(tpOff));
          const f = form({
            side: s,
            kind,
            price: kind === 'limit' ? price.toFixed() : '',
            lots: lots.toFixed(),
            multiple,
            takeProfit: tp.gt(0) ? tp.toFixed() : '',
          });
          const context = withAccount
            ? { account: { ...account(balance.toFixed()), liquidationLine: t.liquidationLine }, positions: [], lasts: {} }
            : undefined;
          const inputs = { terms: t, last: price.toFixed(), available: available.toFixed(), context };
          const summary = leverForm.summary(f, inputs);
          const errors = leverForm.errors(f, inputs, summary);
          const checked = validateLeverOrder(f, t, price.toFixed(), available.toFixed());
          expect(errors).toEqual(checked.errors ?? {});
          expect(summary.review === null).toBe(Object.keys(errors).length > 0);
          if (!checked.order) return;
          expect(summary.review).toEqual(summarizeLeverOrder(f, checked.order, t, context));
          expect([summary.margin, summary.fee, summary.quantity, summary.liquidationPrice]).toEqual([
            summary.review!.margin,
            summary.review!.fee,
            summary.review!.quantity,
            summary.review!.liquidationPrice,
          ]);
        },
      ),
      RUNS,
    );
  });
});
