import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Big } from '../../../lib/decimal';
import { checkStake, estimate, quickStakes, remainingPercent, resultOf, secondsLeft, winPays, type SecondOrder, type SecondPeriod } from './secondForm';

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
