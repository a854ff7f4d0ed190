import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Big } from '../../../lib/decimal';
import {
  checkStake,
  estimate,
  initialSecond,
  quickStakes,
  remainingPercent,
  resultOf,
  secondForm,
  secondReducer,
  secondsLeft,
  winPays,
  type SecondOrder,
  type SecondPeriod,
} from './secondForm';

const P30: SecondPeriod = { seconds: 30, payoutRate: '0.80', minStake: '10.000000', maxStake: '5000.000000' };
const order = (over: Partial<SecondOrder> = {}): SecondOrder => ({
  id: 'sc_1',
  symbol: 'BTC/USDT',
  direction: 'up',
  period: 30,
  stake: '100.000000',
  payoutRate: '0.80',
  openPrice: '64000.00',
  status: 'running',
  time: 1_000_000,
  expiresAt: 1_030_000,
  updatedAt: 1_000_000,
  ...over,
});

describe('checkStake', () => {
  it('takes a stake within the bounds and the balance, in wire form', () => {
    expect(checkStake('100.50', P30, 'USDT', '1000')).toEqual({ stake: '100.5' });
    expect(checkStake('10', P30, 'USDT', undefined)).toEqual({ stake: '10' });
  });
  it('names what is wrong', () => {
    expect(checkStake('', P30, 'USDT', '1000')).toMatchObject({ error: { key: 'second.stakeRequired' } });
    expect(checkStake('0', P30, 'USDT', '1000')).toMatchObject({ error: { key: 'funds.amountProblem.invalid' } });
    expect(checkStake('1.0000001', P30, 'USDT', '1000')).toMatchObject({ error: { key: 'funds.amountProblem.precision', params: { precision: 6 } } });
    expect(checkStake('9.99', P30, 'USDT', '1000')).toMatchObject({ error: { key: 'second.stakeBounds', params: { min: '10.000000', max: '5000.000000' } } });
    expect(checkStake('5000.01', P30, 'USDT', '99999')).toMatchObject({ error: { key: 'second.stakeBounds' } });
    expect(checkStake('200', P30, 'USDT', '199.99')).toMatchObject({ error: { key: 'second.insufficient' } });
  });
});

describe('results', () => {
  it('follow the price alone: above wins up, below wins down, equal ties', () => {
    expect(resultOf('up', '100', '100.01')).toBe('win');
    expect(resultOf('up', '100', '99.99')).toBe('loss');
    expect(resultOf('down', '100', '99.99')).toBe('win');
    expect(resultOf('down', '100', '100.00')).toBe('tie');
  });
  it('a win pays stake × rate rounded down, a loss costs the stake, a tie nothing', () => {
    expect(winPays('33.333333', '0.85')).toEqual({ profit: new Big('28.333333'), payout: new Big('61.666666') });
    expect(estimate(order(), '64000.01')).toEqual({ result: 'win', pnl: new Big('80') });
    expect(estimate(order(), '63999.99')).toEqual({ result: 'loss', pnl: new Big('-100.000000') });
    expect(estimate(order(), '64000')).toEqual({ result: 'tie', pnl: new Big(0) });
    expect(estimate(order(), undefined)).toBeNull();
  });
  it('a win always pays less than a loss costs when the rate is below 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 12 }), fc.integer({ min: 1, max: 99 }), (units, pct) => {
        const stake = new Big(units).div(10 ** 6);
        const { profit, payout } = winPays(stake, (pct / 100).toFixed(2));
        expect(profit.lt(stake)).toBe(true);
        expect(payout.minus(profit).eq(stake)).toBe(true);
        expect(profit.round(6, Big.roundDown).eq(profit)).toBe(true);
      }),
    );
  });
});

describe('countdown', () => {
  it('counts whole seconds up and the share of the period left', () => {
    expect(secondsLeft(order(), 1_000_000)).toBe(30);
    expect(secondsLeft(order(), 1_029_001)).toBe(1);
    expect(secondsLeft(order(), 1_031_000)).toBe(0);
    expect(remainingPercent(order(), 1_015_000)).toBe(50);
    expect(remainingPercent(order(), 900_000)).toBe(100);
  });
});

it('quick stakes stay within the period bounds', () => {
  expect(quickStakes(P30)).toEqual(['10', '50', '100', '500']);
  expect(quickStakes({ ...P30, minStake: '100.000000', maxStake: '200.000000' })).toEqual(['100']);
});

describe('the order form', () => {
  const P60: SecondPeriod = { seconds: 60, payoutRate: '0.85', minStake: '100.000000', maxStake: '10000.000000' };
  const terms = { coin: 'USDT', periods: [P30, P60] };
  const inputs = { terms, available: '1000' };

  it('starts at the first period with no stake; picking a period or typing a stake clears the message', () => {
    const s = initialSecond(terms);
    expect(s).toEqual({ seconds: 30, stake: '', errors: {} });
    expect(initialSecond({ periods: [] }).seconds).toBe(0);
    const shown = secondReducer(s, { type: 'check', errors: { stake: { key: 'second.stakeRequired' } } });
    expect(shown.errors).toEqual({ stake: { key: 'second.stakeRequired' } });
    expect(secondReducer(shown, { type: 'period', seconds: 60 })).toEqual({ seconds: 60, stake: '', errors: {} });
    expect(secondReducer(shown, { type: 'stake', value: '50' })).toEqual({ seconds: 30, stake: '50', errors: {} });
  });

  it('its summary: the period, its quick stakes, what a win of the stake typed pays, the contract to confirm once the stake is valid', () => {
    const empty = secondForm.summary(initialSecond(terms), inputs);
    expect(empty).toEqual({ period: P30, quick: ['10', '50', '100', '500'], profit: new Big(0), order: null });
    const s = secondForm.summary({ seconds: 60, stake: '200', errors: {} }, inputs);
    expect(s).toEqual({
      period: P60,
      quick: ['100', '500', '1000'],
      profit: new Big('170'),
      order: { stake: '200', seconds: 60, payoutRate: '0.85', profit: new Big('170'), payout: new Big('370') },
    });
    // Over the balance: what a win would pay still shows; nothing to confirm.
    expect(secondForm.summary({ seconds: 60, stake: '2000', errors: {} }, inputs)).toMatchObject({ profit: new Big('1700'), order: null });
    // A period no longer offered: the first one.
    expect(secondForm.summary({ seconds: 5, stake: '', errors: {} }, inputs).period).toBe(P30);
    expect(secondForm.summary(initialSecond({ periods: [] }), { terms: { coin: 'USDT', periods: [] }, available: '1' })).toMatchObject({
      period: undefined,
      order: null,
    });
  });

  it("its errors are the stake's check against the period and the balance", () => {
    const errors = (stake: string, seconds = 30, available: string | null = '1000') => {
      const state = { seconds, stake, errors: {} };
      const i = { terms, available: available ?? undefined };
      return secondForm.errors(state, i, secondForm.summary(state, i));
    };
    expect(errors('')).toEqual({ stake: { key: 'second.stakeRequired', params: { coin: 'USDT', precision: 6 } } });
    expect(errors('50', 60)).toEqual({ stake: { key: 'second.stakeBounds', params: { min: '100.000000', max: '10000.000000', coin: 'USDT' } } });
    expect(errors('2000', 60)).toEqual({ stake: { key: 'second.insufficient', params: { coin: 'USDT' } } });
    // Before the balance is known it is not checked (the server checks it).
    expect(errors('2000', 60, null)).toEqual({});
    expect(errors('100')).toEqual({});
  });
});
