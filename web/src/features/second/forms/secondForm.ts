/**
 * The second-contract form and the running contracts' arithmetic, pure (no React): the stake
 * checked against the period's bounds and the balance, what a win pays, the estimated result of a
 * running contract at the live price (the server's settlement rule applied to the last price), and
 * the time left. Amounts are big.js decimals; every value comes from the contract's terms.
 */
import type { components } from '../../../../../contracts/generated/openapi';
import { checkAmount, wireAmount } from '../../../lib/amount';
import { Big, parseDecimal } from '../../../lib/decimal';

type Schemas = components['schemas'];
export type SecondTerms = Schemas['SecondTerms'];
export type SecondPeriod = Schemas['SecondPeriod'];
export type SecondOrder = Schemas['SecondOrder'];
export type Direction = Schemas['SecondDirection'];
export type SecondResult = Schemas['SecondResult'];

/** Decimals of a stake: the stake coin's (USDT) precision on the wire. */
export const STAKE_DECIMALS = 6;

/** A message key of the dictionaries with its values. */
export interface FormError {
  key: string;
  params?: Record<string, string | number>;
}

/** The stake typed, checked: its wire form, or why it cannot be sent. */
export function checkStake(text: string, period: SecondPeriod, coin: string, available: string | undefined): { stake: string } | { error: FormError } {
  const parsed = checkAmount(text, STAKE_DECIMALS);
  if (parsed.problem) {
    return {
      error: {
        key: parsed.problem === 'required' ? 'second.stakeRequired' : `funds.amountProblem.${parsed.problem}`,
        params: { coin, precision: STAKE_DECIMALS },
      },
    };
  }
  const stake = parsed.amount;
  if (stake.lt(period.minStake) || stake.gt(period.maxStake)) {
    return { error: { key: 'second.stakeBounds', params: { min: period.minStake, max: period.maxStake, coin } } };
  }
  const balance = available === undefined ? undefined : parseDecimal(available);
  if (balance && stake.gt(balance)) return { error: { key: 'second.insufficient', params: { coin } } };
  return { stake: wireAmount(stake) };
}

/** What a win pays: the profit (stake × rate, rounded down to the stake's decimals) and the payout (stake + profit). */
export function winPays(stake: string | Big, payoutRate: string): { profit: Big; payout: Big } {
  const s = new Big(stake);
  const profit = s.times(payoutRate).round(STAKE_DECIMALS, Big.roundDown);
  return { profit, payout: s.plus(profit) };
}

/** The result of `direction` from `open` to `close`: above wins up, below wins down, equal is a tie. */
export function resultOf(direction: Direction, open: string | Big, close: string | Big): SecondResult {
  const move = new Big(close).cmp(open);
  if (move === 0) return 'tie';
  return move > 0 === (direction === 'up') ? 'win' : 'loss';
}

/** The result and profit or loss a running contract would settle with at `last` (undefined price: unknown). */
export function estimate(order: SecondOrder, last: string | undefined): { result: SecondResult; pnl: Big } | null {
  if (last === undefined || !parseDecimal(last)) return null;
  const result = resultOf(order.direction, order.openPrice, last);
  const pnl = result === 'win' ? winPays(order.stake, order.payoutRate).profit : result === 'loss' ? new Big(order.stake).neg() : new Big(0);
  return { result, pnl };
}

/** Milliseconds until the contract expires at the server's `now` (0 once expired). */
export const remainingMs = (order: Pick<SecondOrder, 'expiresAt'>, now: number): number => Math.max(0, order.expiresAt - now);

/** Share of the period still to run, 0 to 100 (for a countdown ring). */
export function remainingPercent(order: Pick<SecondOrder, 'expiresAt' | 'period'>, now: number): number {
  return Math.min(100, (remainingMs(order, now) / (order.period * 1000)) * 100);
}

/** Whole seconds left, rounded up (a countdown shows 1 until the very end, never 0 while running). */
export const secondsLeft = (order: Pick<SecondOrder, 'expiresAt'>, now: number): number => Math.ceil(remainingMs(order, now) / 1000);

const QUICK = ['10', '50', '100', '500', '1000'];

/** Quick stakes for a period: round figures within its bounds, with its minimum first. */
export function quickStakes(period: SecondPeriod): string[] {
  const min = new Big(period.minStake);
  const max = new Big(period.maxStake);
  const list = [min.toFixed(), ...QUICK.filter((q) => min.lt(q) && max.gte(q))];
  return list.slice(0, 4);
}
