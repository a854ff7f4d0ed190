/**
 * The lever form and arithmetic as plain functions: examples that pin the contract's rules (the
 * asyncapi example among them: 1 lot of BTC/USDT at 64000, 10×, margin 64, fee 0.32), then
 * properties over random terms, prices, lots and accounts (fixed seed; LEVER_FORM_SEED and
 * LEVER_FORM_RUNS explore further).
 */
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  atRisk,
  checkLots,
  checkTriggers,
  clearAfterOpen,
  divRound,
  editField,
  feeOf,
  fieldOfCode,
  initialLeverForm,
  liquidationPrice,
  liveAccount,
  marginOf,
  placesOf,
  pnlAt,
  pnlPercent,
  previewLeverOrder,
  quantityOf,
  ratePercent,
  riskRateOf,
  setMultiple,
  summarizeLeverOrder,
  switchKind,
  switchSide,
  triggerReference,
  unrealizedPnl,
  validateLeverOrder,
  validateTpSl,
  type LeverFormState,
  type LeverOrder,
  type LeverSide,
  type LeverTerms,
} from './leverForm';

const BTC: LeverTerms = {
  symbol: 'BTC/USDT',
  contractSize: '0.01',
  minLots: '0.01',
  maxLots: '100',
  lotStep: '0.01',
  multiples: [5, 10, 20, 50, 100],
  feeRate: '0.0005',
  overnightRate: '0.0002',
  liquidationLine: '0.2',
  pricePrecision: 2,
};
const form = (patch: Partial<LeverFormState> = {}): LeverFormState => ({ ...initialLeverForm(BTC), ...patch });
const account = (balance: string, positionMargin = '0') => ({ balance, positionMargin, liquidationLine: '0.2' });
const position = (symbol: string, side: LeverSide, openPrice: string, quantity: string) => ({ symbol, side, openPrice, quantity });

describe('the contract rules', () => {
  it('quantity, margin and fee of the asyncapi example', () => {
    const q = quantityOf(new Big('1'), BTC);
    expect(q.toFixed()).toBe('0.01');
    expect(marginOf(new Big('64000'), q, 10).toFixed()).toBe('64');
    expect(feeOf(new Big('64000'), q, BTC.feeRate).toFixed()).toBe('0.32');
    expect(feeOf(new Big('65000'), q, BTC.feeRate).toFixed()).toBe('0.325'); // the closing fee
    expect(pnlAt('long', '64000', '65000', q).toFixed()).toBe('10');
  });

  it('margin and fee are rounded up to 6 places', () => {
    expect(marginOf(new Big('100.01'), new Big('0.003'), 7).toFixed()).toBe('0.042862'); // 0.30003 / 7 = 0.0428614…
    expect(marginOf(new Big('1'), new Big('1'), 3).toFixed()).toBe('0.333334');
    expect(feeOf(new Big('100.01'), new Big('0.003'), '0.0005').toFixed()).toBe('0.000151'); // 0.000150015
    expect(feeOf(new Big('100'), new Big('0.002'), '0.0005').toFixed()).toBe('0.0001');
  });

  it('exact division rounding, negative numbers included', () => {
    expect(divRound(new Big('1'), new Big('3'), 2, 'down').toFixed()).toBe('0.33');
    expect(divRound(new Big('1'), new Big('3'), 2, 'up').toFixed()).toBe('0.34');
    expect(divRound(new Big('-1'), new Big('3'), 2, 'down').toFixed()).toBe('-0.34');
    expect(divRound(new Big('-1'), new Big('3'), 2, 'up').toFixed()).toBe('-0.33');
    expect(divRound(new Big('1'), new Big('-3'), 2, 'down').toFixed()).toBe('-0.34');
    expect(divRound(new Big('0.6'), new Big('0.2'), 0, 'up').toFixed()).toBe('3');
    expect(divRound(new Big('0.6'), new Big('0.2'), 0, 'down').toFixed()).toBe('3');
  });

  it('unrealized profit and loss: long gains when the price rises, short when it falls; a percentage of the margin', () => {
    const long = { side: 'long' as const, openPrice: '64000', quantity: '0.01' };
    expect(unrealizedPnl(long, '63000')?.toFixed()).toBe('-10');
    expect(unrealizedPnl({ ...long, side: 'short' }, '63000')?.toFixed()).toBe('10');
    expect(unrealizedPnl({ ...long, openPrice: undefined }, '63000')).toBeNull();
    expect(unrealizedPnl(long, undefined)).toBeNull();
    expect(pnlPercent(new Big('-10'), '64')).toBe('-15.62'); // truncated
    expect(pnlPercent(new Big('10'), '0')).toBeNull();
    expect(ratePercent('0.0005')).toBe('0.05');
  });

  it('the live account: equity = balance + P/L, risk rate = equity ÷ margin truncated to 4 places', () => {
    const positions = [position('BTC/USDT', 'long', '64000', '0.01'), position('ETH/USDT', 'short', '3000', '0.1')];
    const live = liveAccount({ balance: '1000', positionMargin: '94' }, positions, { 'BTC/USDT': '64500', 'ETH/USDT': '3010' });
    expect(live?.unrealizedPnl.toFixed()).toBe('4'); // +5 − 1
    expect(live?.equity.toFixed()).toBe('1004');
    expect(live?.riskRate?.toFixed()).toBe('10.6808'); // 1004 / 94 = 10.680851…
    expect(liveAccount({ balance: '1000', positionMargin: '94' }, positions, { 'BTC/USDT': '64500' })).toBeNull();
    expect(liveAccount({ balance: '5', positionMargin: '0' }, [], {})).toEqual({ unrealizedPnl: new Big(0), equity: new Big(5), riskRate: null });
    expect(riskRateOf(new Big('-3'), '7')?.toFixed()).toBe('-0.4286');
  });

  it('warns below twice the liquidation line', () => {
    expect(atRisk(new Big('0.39'), '0.2')).toBe(true);
    expect(atRisk(new Big('0.4'), '0.2')).toBe(false);
    expect(atRisk(null, '0.2')).toBe(false);
  });
});

describe('the estimated liquidation price', () => {
  const next = (side: LeverSide, openPrice = '64000', quantity = '0.01') => {
    const p = new Big(openPrice);
    const q = new Big(quantity);
    return { symbol: 'BTC/USDT', side, openPrice: p, quantity: q, margin: marginOf(p, q, 10), fee: feeOf(p, q, BTC.feeRate) };
  };

  it('one long on 100 USDT: equity 99.68 + 0.01 × (P − 64000) falls below 0.2001 × 64 under 55312.64', () => {
    // At 55312.63 the rate is 0.200099… (0.2000 truncated: liquidated); at 55312.64 it is 0.2001.
    expect(liquidationPrice(account('100'), [], {}, next('long'), '0.2', 2)?.toFixed()).toBe('55312.63');
    expect(liquidationPrice(account('100'), [], {}, next('short'), '0.2', 2)?.toFixed()).toBe('72687.37');
  });

  it('the first price on the tick grid beyond the threshold', () => {
    // Margin 192, fee 0.96, T = 0.2001 × 192 = 38.4192: a long below (38.4192 − 99.05 + 1920) ÷ 0.03 = 61978.973…
    expect(liquidationPrice(account('100.01'), [], {}, next('long', '64000', '0.03'), '0.2', 2)?.toFixed()).toBe('61978.97');
    expect(liquidationPrice(account('100.01'), [], {}, next('short', '64000', '0.03'), '0.2', 2)?.toFixed()).toBe('66021.03');
    expect(liquidationPrice(account('100.01'), [], {}, next('long', '64000', '0.03'), '0.2', 0)?.toFixed()).toBe('61978');
  });

  it('a hedge on the same symbol cannot be liquidated by its price; a big balance gives none above zero', () => {
    const hedge = [position('BTC/USDT', 'short', '64000', '0.01')];
    expect(liquidationPrice(account('100', '64'), hedge, {}, next('long'), '0.2', 2)).toBeNull();
    expect(liquidationPrice(account('1000000'), [], {}, next('long'), '0.2', 2)).toBeNull();
  });

  it('positions in the same symbol move with it, others stay at their last price', () => {
    const open = [position('BTC/USDT', 'long', '60000', '0.01'), position('ETH/USDT', 'long', '3000', '0.1')];
    // equity(P) = 200 − 0.32 + 0.1 × (2900 − 3000) + 0.01(P − 60000) + 0.01(P − 64000) = 199.68 − 10 + 0.02P − 1240
    // margin' = 90 + 64 = 154, T = 0.2001 × 154 = 30.8154 ⇒ below (30.8154 − 199.68 + 10 + 1240) / 0.02 = 54056.77
    expect(liquidationPrice(account('200', '90'), open, { 'ETH/USDT': '2900' }, next('long'), '0.2', 2)?.toFixed()).toBe('54056.76');
    // Without a price for ETH it counts as unchanged since opening.
    expect(liquidationPrice(account('200', '90'), open, {}, next('long'), '0.2', 2)?.toFixed()).toBe('53556.76');
  });
});

describe('editing', () => {
  it('starts at market with the lowest multiple', () => {
    expect(initialLeverForm(BTC, 'short')).toEqual({
      side: 'short',
      kind: 'market',
      price: '',
      lots: '',
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

describe('preview and summary', () => {
  it('the preview fills in as the user types', () => {
    const ctx = { account: account('100'), positions: [], lasts: {} };
    expect(previewLeverOrder(form(), BTC, '64000', ctx)).toEqual({ quantity: null, margin: null, fee: null, liquidationPrice: null });
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
});

// ---- properties -----------------------------------------------------------------------------

const RUNS = { numRuns: Number(process.env.LEVER_FORM_RUNS ?? 300), seed: Number(process.env.LEVER_FORM_SEED ?? 20261124) };

/** A positive decimal of at most `p` places. */
const decimal = (p: number, maxInt = 1_000_000) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxInt }), fc.integer({ min: 0, max: 10 ** p - 1 }), fc.integer({ min: 0, max: 4 }))
    .map(([i, f, shift]) => new Big(p ? `${i}.${String(f).padStart(p, '0')}` : String(i)).div(10 ** shift).round(p, Big.roundDown))
    .filter((v) => v.gt(0));

const terms: fc.Arbitrary<LeverTerms> = fc
  .record({
    pricePrecision: fc.integer({ min: 0, max: 6 }),
    stepPlaces: fc.integer({ min: 0, max: 3 }),
    stepUnits: fc.constantFrom(1, 2, 5),
    minSteps: fc.integer({ min: 1, max: 10 }),
    spanSteps: fc.integer({ min: 0, max: 10_000 }),
    contractSize: fc.constantFrom('1', '0.1', '0.01', '0.001', '10', '0.5'),
    multiples: fc.uniqueArray(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 6 }).map((m) => m.sort((a, b) => a - b)),
    feeRate: fc.constantFrom('0', '0.0005', '0.001', '0.00075', '0.003'),
    liquidationLine: fc.constantFrom('0.1', '0.2', '0.5', '0.8'),
  })
  .map((r) => {
    const lotStep = new Big(r.stepUnits).times(new Big(10).pow(-r.stepPlaces));
    return {
      symbol: 'X/USDT',
      contractSize: r.contractSize,
      lotStep: lotStep.toFixed(),
      minLots: lotStep.times(r.minSteps).toFixed(),
      maxLots: lotStep.times(r.minSteps + r.spanSteps).toFixed(),
      multiples: r.multiples,
      feeRate: r.feeRate,
      overnightRate: '0.0001',
      liquidationLine: r.liquidationLine,
      pricePrecision: r.pricePrecision,
    };
  });

const side = fc.constantFrom<LeverSide>('long', 'short');

const scenario = terms.chain((t) =>
  fc.record({
    terms: fc.constant(t),
    price: decimal(t.pricePrecision, 200_000),
    steps: fc.integer({ min: 0, max: 12_000 }),
    multiple: fc.constantFrom(...t.multiples),
    side,
    available: decimal(6, 10_000_000),
  }),
);

describe('properties', () => {
  it('exact division: the floor is at most the quotient and one step more is above it; the ceiling the reverse', () => {
    fc.assert(
      fc.property(decimal(6, 1_000_000), decimal(4, 10_000), fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 8 }), (x, y, nx, ny, places) => {
        const n = nx ? x.neg() : x;
        const d = ny ? y.neg() : y;
        const s = new Big(10).pow(-places);
        const down = divRound(n, d, places, 'down');
        const up = divRound(n, d, places, 'up');
        // Compare q ≤ n/d as q·|d| ≤ n·sign(d) to stay exact.
        const lhs = (q: Big) => q.times(d.abs());
        const rhs = ny ? n.neg() : n;
        expect(lhs(down).lte(rhs)).toBe(true);
        expect(lhs(down.plus(s)).gt(rhs)).toBe(true);
        expect(lhs(up).gte(rhs)).toBe(true);
        expect(lhs(up.minus(s)).lt(rhs)).toBe(true);
        expect(placesOf(down)).toBeLessThanOrEqual(places);
        expect(placesOf(up)).toBeLessThanOrEqual(places);
      }),
      RUNS,
    );
  });

  it('margin and fee are never below the exact values and rounded up by less than one unit of 6 places', () => {
    fc.assert(
      fc.property(scenario, ({ terms: t, price, steps, multiple }) => {
        const lots = new Big(t.lotStep).times(steps + 1);
        const q = quantityOf(lots, t);
        const value = price.times(q);
        const margin = marginOf(price, q, multiple);
        expect(margin.times(multiple).gte(value)).toBe(true);
        expect(margin.minus('0.000001').times(multiple).lt(value)).toBe(true);
        const fee = feeOf(price, q, t.feeRate);
        const exact = value.times(t.feeRate);
        expect(fee.gte(exact) && fee.minus(exact).lt('0.000001')).toBe(true);
        expect(placesOf(margin)).toBeLessThanOrEqual(6);
        expect(placesOf(fee)).toBeLessThanOrEqual(6);
      }),
      RUNS,
    );
  });

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

  it('a long gains exactly what the same short loses, and the P/L percentage is truncated', () => {
    fc.assert(
      fc.property(decimal(4, 100_000), decimal(4, 100_000), decimal(3, 1000), decimal(6, 10_000), (open, last, q, margin) => {
        const long = pnlAt('long', open, last, q);
        const short = pnlAt('short', open, last, q);
        expect(long.plus(short).eq(0)).toBe(true);
        expect(long.gt(0)).toBe(last.gt(open));
        const pct = new Big(pnlPercent(long, margin)!);
        const exact = long.times(100).div(margin);
        expect(pct.abs().lte(exact.abs().plus('1e-15'))).toBe(true);
        expect(exact.minus(pct).abs().lt('0.01')).toBe(true);
      }),
      RUNS,
    );
  });

  /** An account with a few open positions in this and another symbol, and the new position. */
  const world = scenario.chain((sc) =>
    fc.record({
      sc: fc.constant(sc),
      balanceExtra: decimal(6, 100_000),
      others: fc.array(fc.record({ symbol: fc.constantFrom('X/USDT', 'Y/USDT'), side, open: decimal(2, 100_000), q: decimal(3, 100) }), { maxLength: 4 }),
      yLast: decimal(2, 100_000),
    }),
  );

  it('at the estimated liquidation price the account is liquidated, one price step towards safety it is not', () => {
    fc.assert(
      fc.property(world, ({ sc, balanceExtra, others, yLast }) => {
        const { terms: t, price, steps, multiple, side: s } = sc;
        const lots = new Big(t.lotStep).times(Math.min(steps, 10_000)).plus(t.minLots);
        const q = quantityOf(lots, t);
        const margin = marginOf(price, q, multiple);
        const fee = feeOf(price, q, t.feeRate);
        const positions: LeverOrder[] = others.map((o, i) => ({
          id: `p${i}`,
          symbol: o.symbol,
          side: o.side,
          type: 'market',
          lots: '1',
          multiple: 10,
          quantity: o.q.toFixed(),
          openPrice: o.open.toFixed(),
          margin: marginOf(o.open, o.q, 10).toFixed(),
          openFee: '0',
          closeFee: '0',
          overnightFee: '0',
          status: 'dealing',
          time: 0,
          updatedAt: 0,
        }));
        const positionMargin = positions.reduce((m, p) => m.plus(p.margin), new Big(0));
        const acct = { balance: positionMargin.plus(margin).plus(fee).plus(balanceExtra).toFixed(), positionMargin: positionMargin.toFixed() };
        const lasts = { 'Y/USDT': yLast.toFixed() };
        const line = t.liquidationLine;
        const liq = liquidationPrice(acct, positions, lasts, { symbol: 'X/USDT', side: s, openPrice: price, quantity: q, margin, fee }, line, t.pricePrecision);
        // The account after opening, with X at `p`: equity over margin, as the live figures compute it.
        const opened = [...positions, { symbol: 'X/USDT', side: s, openPrice: price.toFixed(), quantity: q.toFixed() }];
        const afterOpen = { balance: new Big(acct.balance).minus(fee).toFixed(), positionMargin: positionMargin.plus(margin).toFixed() };
        // Liquidated at `p`: the truncated risk rate at or below the line, as the server checks it.
        const liquidated = (p: Big) => liveAccount(afterOpen, opened, { ...lasts, 'X/USDT': p.toFixed() })!.riskRate!.lte(line);
        const net = opened.filter((p) => p.symbol === 'X/USDT').reduce((n, p) => n.plus(new Big(p.quantity).times(p.side === 'long' ? 1 : -1)), new Big(0));
        const tick = new Big(10).pow(-t.pricePrecision);
        if (net.eq(0)) {
          expect(liq).toBeNull();
          return;
        }
        if (liq === null) {
          // A long that no positive price liquidates, or a short that every price would.
          expect(liquidated(tick)).toBe(net.lt(0));
          return;
        }
        expect(liq.gt(0)).toBe(true);
        expect(placesOf(liq)).toBeLessThanOrEqual(t.pricePrecision);
        expect(liquidated(liq)).toBe(true);
        // One tick towards safety (up for a net long, down for a net short) is not liquidated.
        expect(liquidated(net.gt(0) ? liq.plus(tick) : liq.minus(tick))).toBe(false);
      }),
      RUNS,
    );
  });

  it('the live risk rate is equity ÷ margin truncated to 4 places, and warns exactly below twice the line', () => {
    fc.assert(
      fc.property(decimal(6, 100_000), decimal(6, 100_000), fc.boolean(), fc.constantFrom('0.1', '0.2', '0.5'), (equity, margin, negative, line) => {
        const e = negative ? equity.neg() : equity;
        const r = riskRateOf(e, margin)!;
        expect(r.times(margin).lte(e)).toBe(true);
        expect(r.plus('0.0001').times(margin).gt(e)).toBe(true);
        expect(atRisk(r, line)).toBe(r.lt(new Big(line).times(2)));
      }),
      RUNS,
    );
  });
});
