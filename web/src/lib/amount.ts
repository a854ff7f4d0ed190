/**
 * Money amounts as the forms hold them (plain decimals: ui/AmountInput reads what the user types in
 * their language with lib/localNumber), checked with big.js for a coin's precision, and their wire form.
 */
import { isDecimalInput } from '../../../common/amount';
import { Big } from './decimal';

type AmountProblem = 'required' | 'invalid' | 'precision';

/**
 * The amount typed, as a Big, or why it cannot be one: empty, not a positive number, or more
 * decimal places than `precision`.
 */
export function checkAmount(text: string, precision: number): { amount: Big; problem?: undefined } | { amount?: undefined; problem: AmountProblem } {
  const value = text.trim();
  if (!value) return { problem: 'required' };
  let amount: Big;
  try {
    amount = new Big(value);
  } catch {
    return { problem: 'invalid' };
  }
  if (amount.lte(0)) return { problem: 'invalid' };
  if (!amount.round(precision, Big.roundDown).eq(amount)) return { problem: 'precision' };
  // Beyond what the API takes in an amount (15 digits before the point): no one holds that much.
  if (!isDecimalInput(amount.toFixed())) return { problem: 'invalid' };
  return { amount };
}

/** The wire form of an amount: plain decimal notation, no exponent, no leading zeros. */
export const wireAmount = (amount: Big): string => amount.toFixed();

/** The largest amount of `precision` places not above `value` (zero when negative): a "Max". */
export function maxAmount(value: Big, precision: number): Big {
  const rounded = value.round(precision, Big.roundDown);
  return rounded.lt(0) ? new Big(0) : rounded;
}
