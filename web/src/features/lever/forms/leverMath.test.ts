/**
 * The lever arithmetic: examples that pin the contract's rules (the asyncapi example among them:
 * 1 lot of BTC/USDT at 64000, 10×, margin 64, fee 0.32) and the liquidation estimate, then
 * properties over random terms, prices, lots and accounts (testLever's seed and runs).
 */
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  atRisk,
  divRound,
  feeOf,
  liquidationPrice,
  liveAccount,
  marginOf,
  placesOf,
  pnlAt,
  pnlPercent,
  quantityOf,
  ratePercent,
  riskRateOf,
  unrealizedPnl,
  type LeverOrder,
  type LeverSide,
} from './leverMath';
import { account, BTC, decimal, position, RUNS, scenario, side } from './testLever';

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
