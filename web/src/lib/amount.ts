/**
 * Money amounts as typed: digits and one decimal point (a comma is taken as the point), checked
 * with big.js for a coin's precision, and their wire form. The fields are in ui/AmountInput.
 */
import { DECIMAL_INPUT, isDecimalInput } from '../../../common/amount';
import { Big } from './decimal';

/** Keeps digits and the first decimal point (a comma counts as the point), at most the API's length. */
export function sanitizeAmount(text: string): string {
  const cleaned = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  const single = dot < 0 ? cleaned : cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, '');
  return single.slice(0, DECIMAL_INPUT.maxLength);
}

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
