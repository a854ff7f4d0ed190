/**
 * The second-contract form and the running contracts' arithmetic, pure (no React): the stake
 * checked against the period's bounds and the balance, what a win pays, the estimated result of a
 * running contract at the live price (the server's settlement rule applied to the last price), and
 * the time left; and the order form in the app's one form shape (lib/form: `secondForm`, its state,
 * reducer, summary and errors). Amounts are big.js decimals; every value comes from the contract's terms.
 */
import type { components } from '../../../../../contracts/generated/openapi';
import { checkAmount, wireAmount } from '../../../lib/amount';
import { Big, parseDecimal } from '../../../lib/decimal';
import { createForm, type FieldErrors, type Message, type Notice } from '../../../lib/form';

type Schemas = components['schemas'];
export type SecondTerms = Schemas['SecondTerms'];
export type SecondPeriod = Schemas['SecondPeriod'];
export type SecondOrder = Schemas['SecondOrder'];
export type Direction = Schemas['SecondDirection'];
export type SecondResult = Schemas['SecondResult'];

/** Decimals of a stake: the stake coin's (USDT) precision on the wire. */
export const STAKE_DECIMALS = 6;

/** The stake typed, checked: its wire form, or why it cannot be sent. */
export function checkStake(text: string, period: SecondPeriod, coin: string, available: string | undefined): { stake: string } | { error: Message } {
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

// ---- the order form --------------------------------------------------------------------------

/** The period picked and the stake as typed, and the message shown under the stake. */
export interface SecondState {
  seconds: number;
  stake: string;
  errors: FieldErrors<'stake', Notice>;
}

/** A fresh form: the first period, no stake. */
export const initialSecond = (terms: Pick<SecondTerms, 'periods'>): SecondState => ({ seconds: terms.periods[0]?.seconds ?? 0, stake: '', errors: {} });

/** What the form reads: the terms (the stake's coin, the periods) and the second-contract account's balance (undefined: not checked). */
export interface SecondInputs {
  terms: Pick<SecondTerms, 'coin' | 'periods'>;
  available: string | undefined;
}

export type SecondAction =
  | { type: 'period'; seconds: number }
  | { type: 'stake'; value: string }
  /** Up or Down pressed: these errors are shown (none: the confirmation sheet opens). */
  | { type: 'check'; errors: FieldErrors<'stake'> };

export function secondReducer(state: SecondState, action: SecondAction): SecondState {
  switch (action.type) {
    case 'period':
      return { ...state, seconds: action.seconds, errors: {} };
    case 'stake':
      return { ...state, stake: action.value, errors: {} };
    case 'check':
      return { ...state, errors: action.errors };
  }
}

/** What the confirmation sheet states before a contract is bought. */
export interface SecondReview {
  direction: Direction;
  /** Wire form. */
  stake: string;
  seconds: number;
  payoutRate: string;
  /** What a win pays: the profit and the payout (stake + profit). */
  profit: Big;
  payout: Big;
}

export interface SecondSummary {
  /** The period picked (the first one when it is no longer offered); undefined when none is offered. */
  period: SecondPeriod | undefined;
  /** Quick stakes within the period's bounds. */
  quick: string[];
  /** What a win of the stake typed would pay (0 until it is a valid amount). */
  profit: Big;
  /** The contract to confirm once the stake is valid, in either direction; null otherwise. */
  order: Omit<SecondReview, 'direction'> | null;
}

export function secondSummary(state: SecondState, { terms, available }: SecondInputs): SecondSummary {
  const period = terms.periods.find((p) => p.seconds === state.seconds) ?? terms.periods[0];
  if (!period) return { period, quick: [], profit: new Big(0), order: null };
  const checked = checkStake(state.stake, period, terms.coin, available);
  return {
    period,
    quick: quickStakes(period),
    profit: winPays(checkAmount(state.stake, STAKE_DECIMALS).amount ?? '0', period.payoutRate).profit,
    order:
      'stake' in checked
        ? { stake: checked.stake, seconds: period.seconds, payoutRate: period.payoutRate, ...winPays(checked.stake, period.payoutRate) }
        : null,
  };
}

export function secondErrors(state: SecondState, { terms, available }: SecondInputs, { period }: SecondSummary): FieldErrors<'stake'> {
  if (!period) return {};
  const checked = checkStake(state.stake, period, terms.coin, available);
  return 'error' in checked ? { stake: checked.error } : {};
}

/** The second-contract order form: the reducer, summary and errors above. */
export const secondForm = createForm({ reducer: secondReducer, summary: secondSummary, errors: secondErrors });
