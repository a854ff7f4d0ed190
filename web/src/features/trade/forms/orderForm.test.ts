/**
 * The spot order form as plain functions: examples that pin today's behaviour (the e2e scenarios
 * among them), then properties over random symbols, prices, quantities and balances (fixed seed;
 * ORDER_FORM_SEED and ORDER_FORM_RUNS explore further).
 */
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountOf,
  applyPercent,
  clearSize,
  editAmount,
  editPrice,
  editQuantity,
  feeOf,
  feePercent,
  floorQuantity,
  initialOrderForm,
  PERCENTS,
  quantityOf,
  spendOf,
  summarizeOrder,
  switchKind,
  switchSide,
  validateOrder,
  type OrderFormState,
  type Side,
  type SymbolRules,
} from './orderForm';
import { BTC_USDT } from './testRules';

const ETH_BTC: SymbolRules = { symbol: 'ETH/BTC', base: 'ETH', quote: 'BTC', pricePrecision: 6, amountPrecision: 4, quotePrecision: 6, settlementPrecision: 6 };
const FEE = '0.001';
const form = (patch: Partial<OrderFormState> = {}): OrderFormState => ({ ...initialOrderForm(), ...patch });
const places = (v: string | Big) => {
  const text = new Big(v).toFixed();
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
};

describe('editing keeps price, quantity and amount in step', () => {
  it('price × quantity fills the amount; amount ÷ price fills the quantity, rounded down', () => {
    let f = editPrice(form(), '30000', BTC_USDT);
    f = editQuantity(f, '0.00833', BTC_USDT);
    expect(f.amount).toBe('249.9');
    f = editAmount(f, '600', BTC_USDT);
    expect(f.quantity).toBe('0.02');
    f = editPrice(f, '20000', BTC_USDT);
    expect(f.amount).toBe('400');
    f = editAmount(f, '100', BTC_USDT);
    expect(f.quantity).toBe('0.005');
    f = editAmount(f, '1', { ...BTC_USDT, amountPrecision: 3 });
    expect(f.quantity).toBe('0'); // 1 / 20000 = 0.00005, below one step
  });

  it('the amount keeps the quote coin places (2 for USDT, 6 for BTC), truncated', () => {
    expect(amountOf(new Big('30000.55'), new Big('0.00001'), BTC_USDT)).toBe('0.3');
    expect(amountOf(new Big('62994.76'), new Big('0.01234'), BTC_USDT)).toBe('777.35'); // 777.355338
    expect(amountOf(new Big('0.052345'), new Big('1.2345'), ETH_BTC)).toBe('0.064619'); // 0.0646199025
    expect(amountOf(null, new Big('1'), BTC_USDT)).toBe('');
  });

  it('an empty or unreadable field empties the one derived from it', () => {
    const f = editQuantity(editPrice(form(), '100', BTC_USDT), '2', BTC_USDT);
    expect(editPrice(f, '', BTC_USDT).amount).toBe('');
    expect(editPrice(f, '.', BTC_USDT).amount).toBe('');
    expect(editAmount(f, '', BTC_USDT).quantity).toBe('');
    expect(editAmount(editPrice(f, '0', BTC_USDT), '5', BTC_USDT).quantity).toBe('');
  });

  it('on a market order quantity and amount are independent', () => {
    const m = switchKind(editPrice(form(), '100', BTC_USDT), 'market');
    expect(editQuantity(m, '2', BTC_USDT).amount).toBe('');
    expect(editAmount(m, '50', BTC_USDT).quantity).toBe('');
  });

  it('switching side or kind clears the size and the errors, keeps the price', () => {
    const f = { ...editQuantity(editPrice(form(), '100', BTC_USDT), '2', BTC_USDT), errors: { price: { key: 'x' } } };
    for (const next of [switchSide(f, 'sell'), switchKind(f, 'market')]) {
      expect(next).toMatchObject({ price: '100', quantity: '', amount: '', errors: {} });
    }
    expect(switchSide(f, 'sell').side).toBe('sell');
    expect(clearSize(f)).toMatchObject({ price: '100', quantity: '', amount: '' });
  });

  it('any edit clears the errors', () => {
    const f = form({ errors: { quantity: { key: 'trade.errors.quantityRequired' } } });
    expect(editPrice(f, '1', BTC_USDT).errors).toEqual({});
    expect(editQuantity(f, '1', BTC_USDT).errors).toEqual({});
    expect(editAmount(f, '1', BTC_USDT).errors).toEqual({});
  });
});

describe('percentage buttons', () => {
  it('a limit buy: the share of the quote balance at the price, rounded down (the e2e example)', () => {
    const f = editPrice(form(), '30000', BTC_USDT);
    expect(applyPercent(f, 25, '1000', BTC_USDT)).toMatchObject({ quantity: '0.00833', amount: '249.9' });
    expect(applyPercent(f, 100, '1000', BTC_USDT)).toMatchObject({ quantity: '0.03333', amount: '999.9' });
  });

  it('a limit buy without a price asks for one and changes nothing else', () => {
    const f = form({ quantity: '1', amount: '5' });
    expect(applyPercent(f, 50, '1000', BTC_USDT)).toEqual({ ...f, errors: { price: { key: 'trade.errors.priceRequired' } } });
    expect(applyPercent({ ...f, price: '0' }, 50, '1000', BTC_USDT).errors.price?.key).toBe('trade.errors.priceRequired');
  });

  it('a sell: the share of the base balance; a market buy: the share of the quote balance as the amount', () => {
    const sell = switchSide(editPrice(form(), '20000', BTC_USDT), 'sell');
    expect(applyPercent(sell, 50, '0.5', BTC_USDT)).toMatchObject({ quantity: '0.25', amount: '5000' });
    expect(applyPercent(sell, 75, '0.5', BTC_USDT)).toMatchObject({ quantity: '0.375', amount: '7500' });
    expect(applyPercent(switchKind(sell, 'market'), 75, '0.123456', BTC_USDT)).toMatchObject({ quantity: '0.09259', amount: '' });
    expect(applyPercent(switchKind(form(), 'market'), 25, '100.01', BTC_USDT)).toMatchObject({ amount: '25', quantity: '' });
    expect(applyPercent(switchKind(form(), 'market'), 100, '0', BTC_USDT).amount).toBe('0');
  });
});

describe('validation', () => {
  it('names each missing field with its translation key', () => {
    expect(validateOrder(form(), '100', BTC_USDT).errors).toEqual({
      price: { key: 'trade.errors.priceRequired' },
      quantity: { key: 'trade.errors.quantityRequired' },
    });
    expect(validateOrder(switchKind(form(), 'market'), '100', BTC_USDT).errors).toEqual({ amount: { key: 'trade.errors.amountRequired' } });
    expect(validateOrder(switchKind(form({ side: 'sell' }), 'market'), '100', BTC_USDT).errors).toEqual({ quantity: { key: 'trade.errors.quantityRequired' } });
  });

  it('invalid numbers and too many places, with the places as a param', () => {
    expect(validateOrder(form({ price: '0', quantity: '1.123456' }), '1e9', BTC_USDT).errors).toEqual({
      price: { key: 'trade.errors.invalid', params: { places: 2 } },
      quantity: { key: 'trade.errors.precision', params: { places: 5 } },
    });
    expect(validateOrder({ ...switchKind(form(), 'market'), amount: '0.0123456' }, '0.1', ETH_BTC).errors).toEqual({
      amount: { key: 'trade.errors.precision', params: { places: 6 } },
    });
  });

  it('more than the balance is insufficient, on the field that sizes the order', () => {
    expect(validateOrder(form({ price: '60000', quantity: '1' }), '100', BTC_USDT).errors).toEqual({ quantity: { key: 'trade.errors.insufficient' } });
    expect(validateOrder(form({ price: '100', quantity: '1' }), '100', BTC_USDT).order).toBeDefined();
    expect(validateOrder({ ...switchKind(form(), 'market'), amount: '100.01' }, '100', BTC_USDT).errors).toEqual({
      amount: { key: 'trade.errors.insufficient' },
    });
    expect(validateOrder(form({ side: 'sell', price: '1', quantity: '0.50001' }), '0.5', BTC_USDT).errors).toEqual({
      quantity: { key: 'trade.errors.insufficient' },
    });
  });

  it('a limit buy costs price × quantity rounded up at 6 places, as the server freezes it', () => {
    const f = form({ price: '0.000003', quantity: '0.3333' });
    const rules = { ...ETH_BTC, pricePrecision: 7 };
    expect(validateOrder({ ...f, price: '0.0000033' }, '0.000001', rules).errors).toEqual({ quantity: { key: 'trade.errors.insufficient' } }); // 0.0000010999 → 0.000002
    expect(validateOrder(f, '0.000001', rules).order).toBeDefined(); // 0.0000009999 → 0.000001
  });
});

describe('summary', () => {
  it('a limit buy: the fee is quantity × rate in base, rounded up at the base precision', () => {
    const { order } = validateOrder(form({ price: '64000.5', quantity: '0.001' }), '1000', BTC_USDT);
    const s = summarizeOrder({ side: 'buy', kind: 'limit' }, order!, BTC_USDT, FEE);
    expect(s.request).toEqual({ symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '64000.5', quantity: '0.001' });
    expect(s.total?.toFixed()).toBe('64.0005');
    expect(s.fee && { amount: s.fee.amount.toFixed(), coin: s.fee.coin }).toEqual({ amount: '0.00001', coin: 'BTC' });
    expect(s.receive?.amount.toFixed()).toBe('0.00099'); // as the e2e fill: 0.001 less the fee
    expect(s.feePercent).toBe('0.1');
  });

  it('a limit sell: the fee is proceeds × rate in quote, rounded up at 6 places', () => {
    const { order } = validateOrder(form({ side: 'sell', price: '123.45', quantity: '0.12345' }), '1', BTC_USDT);
    const s = summarizeOrder({ side: 'sell', kind: 'limit' }, order!, BTC_USDT, FEE);
    expect(s.total?.toFixed()).toBe('15.2399025');
    expect(s.fee?.amount.toFixed()).toBe('0.01524');
    expect(s.fee?.coin).toBe('USDT');
    expect(s.receive?.amount.toFixed()).toBe('15.2246625');
  });

  it('sell dust: the fee never exceeds the proceeds, so nothing negative is received (as the server charges it)', () => {
    const s = summarizeOrder({ side: 'sell', kind: 'limit' }, { price: new Big('0.01'), quantity: new Big('0.00001') }, BTC_USDT, FEE);
    expect(s.fee?.amount.toFixed()).toBe('0.0000001');
    expect(s.receive?.amount.toFixed()).toBe('0');
  });

  it('market orders: no price, the rate instead of a fee; a market buy sends its amount', () => {
    const buy = validateOrder({ ...switchKind(form(), 'market'), amount: '100' }, '1000', BTC_USDT);
    const s = summarizeOrder({ side: 'buy', kind: 'market' }, buy.order!, BTC_USDT, FEE);
    expect(s.request).toEqual({ symbol: 'BTC/USDT', side: 'buy', type: 'market', quoteAmount: '100' });
    expect(s).toMatchObject({ price: undefined, quantity: undefined, fee: null, receive: null, feePercent: '0.1' });
    expect(s.total?.toFixed()).toBe('100');
    const sell = validateOrder({ ...switchKind(form({ side: 'sell' }), 'market'), quantity: '0.1' }, '1', BTC_USDT);
    const t = summarizeOrder({ side: 'sell', kind: 'market' }, sell.order!, BTC_USDT, FEE);
    expect(t).toMatchObject({ request: { type: 'market', quantity: '0.1' }, total: null, fee: null });
  });

  it('before the settings load there is no fee and no rate', () => {
    const { order } = validateOrder(form({ price: '1', quantity: '1' }), '10', BTC_USDT);
    expect(summarizeOrder({ side: 'buy', kind: 'limit' }, order!, BTC_USDT, undefined)).toMatchObject({ fee: null, feePercent: undefined });
  });

  it('small helpers', () => {
    expect(feePercent('0.001')).toBe('0.1');
    expect(feePercent('0.0025')).toBe('0.25');
    expect(spendOf('buy', BTC_USDT)).toEqual({ coin: 'USDT', precision: 2 });
    expect(spendOf('sell', { ...BTC_USDT, amountPrecision: 8 })).toEqual({ coin: 'BTC', precision: 6 });
  });
});

// ---- properties -----------------------------------------------------------------------------

const RUNS = { numRuns: Number(process.env.ORDER_FORM_RUNS ?? 300), seed: Number(process.env.ORDER_FORM_SEED ?? 20261123) };

/** A positive decimal of at most `p` places, from tiny to large. */
const decimal = (p: number, maxInt = 10_000_000) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxInt }), fc.integer({ min: 0, max: 10 ** p - 1 }), fc.integer({ min: 0, max: 6 }))
    .map(([i, f, shift]) => new Big(p ? `${i}.${String(f).padStart(p, '0')}` : String(i)).div(10 ** shift).round(p, Big.roundDown))
    .filter((v) => v.gt(0));

const rules: fc.Arbitrary<SymbolRules> = fc
  .record({
    pricePrecision: fc.integer({ min: 0, max: 8 }),
    amountPrecision: fc.integer({ min: 0, max: 8 }),
    quotePrecision: fc.integer({ min: 0, max: 6 }),
    settlementPrecision: fc.constant(6),
  })
  .map((p) => ({ symbol: 'X/Y', base: 'X', quote: 'Y', ...p }));

/** A symbol with a price and quantity of its precisions, a balance (6 places, as the ledger keeps) and a side. */
const scenario = rules.chain((r) =>
  fc.record({
    rules: fc.constant(r),
    price: decimal(r.pricePrecision),
    quantity: decimal(r.amountPrecision, 100_000),
    available: decimal(6, 10_000_000),
    side: fc.constantFrom<Side>('buy', 'sell'),
    percent: fc.constantFrom(...PERCENTS),
    rate: fc.constantFrom('0.001', '0.002', '0.0005', '0.00075'),
  }),
);

describe('properties', () => {
  it('a percentage button never sizes an order beyond the balance, and the form then accepts it unless it rounds to nothing', () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom<'limit' | 'market'>('limit', 'market'), ({ rules: r, price, available, side, percent }, kind) => {
        const f = applyPercent(switchKind(switchSide(editPrice(form(), price.toFixed(), r), side), kind), percent, available.toFixed(), r);
        expect(f.errors).toEqual({});
        const share = available.times(percent).div(100);
        const byAmount = kind === 'market' && side === 'buy';
        const size = new Big(byAmount ? f.amount : f.quantity);
        // What it spends: the amount or quantity itself, or (limit buy) the quantity at the price.
        const spent = side === 'buy' && !byAmount ? size.times(price) : size;
        expect(spent.lte(share)).toBe(true);
        // Rounded down by less than one step.
        const step = new Big(10).pow(-(byAmount ? r.quotePrecision : r.amountPrecision));
        if (byAmount || side === 'sell') expect(share.minus(size).lt(step)).toBe(true);
        else expect(share.minus(size.plus(step).times(price)).lt(0)).toBe(true);
        if (kind === 'limit' && side === 'buy') {
          expect(new Big(f.amount).lte(share)).toBe(true);
          // What the server will freeze fits the balance.
          expect(price.times(f.quantity).round(6, Big.roundUp).lte(available)).toBe(true);
        }
        if (kind === 'limit' && side === 'sell') expect(f.amount).toBe(amountOf(price, size, r));
        const checked = validateOrder(f, available.toFixed(), r);
        if (size.gt(0)) expect(checked.errors).toBeUndefined();
      }),
      RUNS,
    );
  });

  it('the quantity from an amount never costs more than the amount, and one step more would', () => {
    fc.assert(
      fc.property(scenario, ({ rules: r, price, available: amount }) => {
        const q = floorQuantity(amount, price, r.amountPrecision);
        expect(q.gte(0)).toBe(true);
        expect(q.times(price).lte(amount)).toBe(true);
        expect(q.plus(new Big(10).pow(-r.amountPrecision)).times(price).gt(amount)).toBe(true);
        expect(places(q)).toBeLessThanOrEqual(r.amountPrecision);
        const shown = quantityOf(amount, price, r.amountPrecision);
        expect(shown).toBe(q.toFixed());
      }),
      RUNS,
    );
  });

  it('derived fields keep their precision: quantity at the base precision, amount at the quote precision truncated', () => {
    fc.assert(
      fc.property(scenario, ({ rules: r, price, quantity, available: amount }) => {
        const a = editQuantity(editPrice(form(), price.toFixed(), r), quantity.toFixed(), r);
        expect(places(a.amount)).toBeLessThanOrEqual(r.quotePrecision);
        expect(new Big(a.amount).lte(price.times(quantity))).toBe(true);
        expect(price.times(quantity).minus(a.amount).lt(new Big(10).pow(-r.quotePrecision))).toBe(true);
        const b = editAmount(editPrice(form(), price.toFixed(), r), amount.toFixed(), r);
        expect(places(b.quantity)).toBeLessThanOrEqual(r.amountPrecision);
        expect(price.times(b.quantity).lte(amount)).toBe(true);
      }),
      RUNS,
    );
  });

  it('the fee is never negative, never below the exact fee, rounded up by less than one step, at the precision the server uses', () => {
    fc.assert(
      fc.property(scenario, ({ rules: r, price, quantity, side, rate }) => {
        const f = form({ side, price: price.toFixed(), quantity: quantity.toFixed() });
        const s = summarizeOrder(f, { price, quantity }, r, rate);
        const gross = side === 'buy' ? quantity : price.times(quantity);
        const fee = feeOf(side, gross, rate, r);
        expect(s.fee?.amount.eq(fee.amount)).toBe(true);
        const exact = gross.times(rate);
        const step = new Big(10).pow(-(side === 'buy' ? r.amountPrecision : 6));
        expect(fee.amount.gte(0)).toBe(true);
        // Rounded up by less than a step, except where that would exceed what is received (capped).
        expect(fee.amount.gte(exact)).toBe(true);
        expect(fee.amount.minus(exact).lt(step)).toBe(true);
        expect(fee.amount.lte(gross)).toBe(true);
        expect(places(fee.amount)).toBeLessThanOrEqual(side === 'buy' ? r.amountPrecision : 6);
        expect(fee.coin).toBe(side === 'buy' ? 'X' : 'Y');
        expect(s.receive?.amount.eq(gross.minus(fee.amount))).toBe(true);
        // What the user receives is never negative.
        expect(s.receive!.amount.gte(0)).toBe(true);
      }),
      RUNS,
    );
  });

  it('validation accepts exactly the values within the precisions and the balance, and the request carries them unchanged', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 0, max: 2 }), ({ rules: r, price, quantity, available, side }, extra) => {
        // Sometimes one place too many on the quantity.
        const q = extra === 2 ? quantity.plus(new Big(10).pow(-(r.amountPrecision + 1))) : quantity;
        const f = form({ side, price: price.toFixed(), quantity: q.toFixed() });
        const checked = validateOrder(f, available.toFixed(), r);
        if (extra === 2) {
          expect(checked.errors?.quantity).toEqual({ key: 'trade.errors.precision', params: { places: r.amountPrecision } });
          return;
        }
        const cost = side === 'buy' ? price.times(quantity).round(6, Big.roundUp) : quantity;
        if (cost.gt(available)) {
          expect(checked.errors).toEqual({ quantity: { key: 'trade.errors.insufficient' } });
        } else {
          expect(checked.errors).toBeUndefined();
          const s = summarizeOrder(f, checked.order!, r, FEE);
          expect(s.request).toEqual({ symbol: 'X/Y', side, type: 'limit', price: price.toFixed(), quantity: quantity.toFixed() });
        }
      }),
      RUNS,
    );
  });
});
