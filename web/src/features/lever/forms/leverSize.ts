/**
 * The size of a new position, in the unit the user chose: lots as typed, or a USDT amount, or a
 * percentage of the available balance, turned into lots (lotsForBudget: rounded down to the lot
 * step, so that margin plus fee never exceed the amount). Pure: what leverSummary and leverErrors
 * read instead of the typed lots.
 */
import { checkAmount, wireAmount } from '../../../lib/amount';
import { Big } from '../../../lib/decimal';
import type { Message } from '../../../lib/form';
import { costOf, lotsForBudget, USDT_PLACES, type LeverTerms } from './leverMath';

/** How the size is entered: lots, a USDT amount (margin and fee included), or a percentage of the available balance. */
export type SizeUnit = 'lots' | 'usdt' | 'percent';
export const SIZE_UNITS: readonly SizeUnit[] = ['lots', 'usdt', 'percent'];
/** The percentages offered as one tap. */
export const PERCENTS = [25, 50, 75, 100] as const;
/** Places of a typed percentage. */
const PERCENT_PLACES = 2;

/** What the size resolves to. */
export interface Size {
  /** The lots to validate, as text: what was typed (unit lots), or what the amount buys (empty when it cannot be computed yet). */
  lots: string;
  /** The USDT the amount stands for (unit usdt or percent), once known. */
  budget: Big | null;
  /** What is wrong with the amount itself (unit usdt or percent). */
  error?: Message;
}

/**
 * The form's size: for lots, the lots as typed; for an amount or a percentage, the most lots it
 * buys at `price` (the delegate price or the last price; null while unknown) with the form's
 * multiple; `available` is the lever account's available balance (undefined before it loads).
 */
export function resolveSize(
  form: { unit: SizeUnit; lots: string; amount: string; multiple: number },
  terms: LeverTerms,
  price: Big | null,
  available: string | undefined,
): Size {
  if (form.unit === 'lots') return { lots: form.lots, budget: null };
  const percent = form.unit === 'percent';
  const c = checkAmount(form.amount, percent ? PERCENT_PLACES : USDT_PLACES);
  if (c.problem) {
    const key = c.problem === 'required' ? (percent ? 'lever.errors.percentRequired' : 'lever.errors.amountRequired') : `lever.errors.${c.problem}`;
    return { lots: '', budget: null, error: { key, params: { places: percent ? PERCENT_PLACES : USDT_PLACES } } };
  }
  if (percent && c.amount.gt(100)) return { lots: '', budget: null, error: { key: 'lever.errors.percentMax' } };
  let budget = c.amount;
  if (percent) {
    if (available === undefined) return { lots: '', budget: null };
    budget = new Big(available).times(c.amount).div(100).round(USDT_PLACES, Big.roundDown);
  }
  if (!price) return { lots: '', budget };
  const lots = lotsForBudget(budget, price, form.multiple, terms);
  if (lots.eq(0)) {
    const required = costOf(new Big(terms.minLots), price, form.multiple, terms);
    return { lots: '', budget, error: { key: 'lever.errors.amountTooSmall', params: { required: wireAmount(required) } } };
  }
  return { lots: wireAmount(lots), budget };
}

/** A percentage of the available balance as the amount field's text ("25"). */
export const percentText = (percent: number): string => String(percent);

/** The price a new position's size is computed at: the delegate price (limit) or the last price (market); null while unknown or invalid. */
export function sizingPrice(form: { kind: 'market' | 'limit'; price: string }, pricePrecision: number, last: string | undefined): Big | null {
  if (form.kind === 'limit') return checkAmount(form.price, pricePrecision).amount ?? null;
  const c = last === undefined ? null : checkAmount(last, pricePrecision + 12);
  return c?.amount ?? null;
}

/** The form with its lots as the size resolves them (what the order checks and sends), and the size. */
export function withSize<F extends { unit: SizeUnit; lots: string; amount: string; multiple: number; kind: 'market' | 'limit'; price: string }>(
  form: F,
  terms: LeverTerms,
  last: string | undefined,
  available: string | undefined,
): { form: F; size: Size } {
  const size = resolveSize(form, terms, sizingPrice(form, terms.pricePrecision, last), available);
  return { form: form.unit === 'lots' ? form : { ...form, lots: size.lots }, size };
}
