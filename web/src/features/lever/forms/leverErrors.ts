/**
 * What is wrong with a lever order (the errors of leverForm), pure: each field checked against the
 * symbol's terms (the delegate price and the triggers at its price places, lots within its bounds
 * and a whole number of steps, a multiple it offers), the take-profit and stop-loss on the right
 * side of the opening price, and margin plus fee within the available balance. Messages are
 * translation keys and params (lib/form), never translated text. Also: the field a server refusal
 * is about, to show its words there.
 */
import { checkAmount, wireAmount } from '../../../lib/amount';
import { Big, parseDecimal } from '../../../lib/decimal';
import type { FieldErrors, Message } from '../../../lib/form';
import type { Field, LeverFormState, LeverInputs } from './leverForm';
import { feeOf, marginOf, quantityOf, type LeverSide, type LeverTerms } from './leverMath';
import { withSize } from './leverSize';

/** The messages of the lever form's fields. */
export type FormErrors = FieldErrors<Field>;

export type Checked = { value: Big; error?: undefined } | { value?: undefined; error: Message };

const REQUIRED: Partial<Record<Field, string>> = { price: 'lever.errors.priceRequired', lots: 'lever.errors.lotsRequired' };

/** A price field: required (the delegate price) or optional (triggers: empty gives no value and no error). */
export function checkPriceField(field: Field, text: string, places: number): Checked | null {
  const c = checkAmount(text, places);
  if (!c.problem) return { value: c.amount };
  if (c.problem === 'required') return REQUIRED[field] ? { error: { key: REQUIRED[field] } } : null;
  return { error: { key: `lever.errors.${c.problem}`, params: { places } } };
}

/** The lots typed, within the symbol's bounds and a whole number of steps; the bounds as params otherwise. */
export function checkLots(text: string, terms: Pick<LeverTerms, 'minLots' | 'maxLots' | 'lotStep'>): Checked {
  const bounds = { key: 'lever.errors.lotsBounds', params: { min: terms.minLots, max: terms.maxLots, step: terms.lotStep } };
  const value = text.trim();
  if (!value) return { error: { key: 'lever.errors.lotsRequired' } };
  const lots = parseDecimal(value);
  if (!lots || lots.lte(0)) return { error: { key: 'lever.errors.invalid' } };
  if (lots.lt(terms.minLots) || lots.gt(terms.maxLots) || !lots.mod(terms.lotStep).eq(0)) return { error: bounds };
  return { value: lots };
}

/**
 * Take-profit and stop-loss against the opening price: for a long the take-profit above it and the
 * stop-loss below it, for a short the reverse. Missing ones are fine (they are optional).
 */
export function checkTriggers(side: LeverSide, reference: Big, takeProfit: Big | undefined, stopLoss: Big | undefined): FormErrors {
  const errors: FormErrors = {};
  const price = wireAmount(reference);
  const long = side === 'long';
  if (takeProfit && (long ? takeProfit.lte(reference) : takeProfit.gte(reference))) {
    errors.takeProfit = { key: long ? 'lever.errors.takeProfitAbove' : 'lever.errors.takeProfitBelow', params: { price } };
  }
  if (stopLoss && (long ? stopLoss.gte(reference) : stopLoss.lte(reference))) {
    errors.stopLoss = { key: long ? 'lever.errors.stopLossBelow' : 'lever.errors.stopLossAbove', params: { price } };
  }
  return errors;
}

/** A validated order: the opening price (the delegate price, or the last price at market) and the figures it costs. */
export interface ValidLeverOrder {
  /** The delegate price of a limit order; undefined at market. */
  price?: Big;
  /** The price it opens at as far as the app knows: the delegate price, or the last price at market. */
  openPrice: Big;
  lots: Big;
  multiple: number;
  quantity: Big;
  margin: Big;
  fee: Big;
  takeProfit?: Big;
  stopLoss?: Big;
}

/**
 * Checks the form against the symbol's terms, the last price and the lever account's available
 * balance (undefined before it loads: not checked): the order, or the errors to show under each field.
 */
export function validateLeverOrder(
  form: LeverFormState,
  terms: LeverTerms,
  last: string,
  available: string | undefined,
): { order: ValidLeverOrder; errors?: undefined } | { order?: undefined; errors: FormErrors } {
  const errors: FormErrors = {};
  const pp = terms.pricePrecision;
  let price: Big | undefined;
  if (form.kind === 'limit') {
    const c = checkPriceField('price', form.price, pp)!;
    if (c.error) errors.price = c.error;
    else price = c.value;
  }
  const lots = checkLots(form.lots, terms);
  if (lots.error) errors.lots = lots.error;
  const tp = checkPriceField('takeProfit', form.takeProfit, pp);
  if (tp?.error) errors.takeProfit = tp.error;
  const sl = checkPriceField('stopLoss', form.stopLoss, pp);
  if (sl?.error) errors.stopLoss = sl.error;
  if (!terms.multiples.includes(form.multiple)) errors.multiple = { key: 'lever.errors.multiple', params: { multiples: terms.multiples.join(', ') } };
  const openPrice = form.kind === 'limit' ? price : (parseDecimal(last) ?? undefined);
  if (openPrice && !errors.takeProfit && !errors.stopLoss) Object.assign(errors, checkTriggers(form.side, openPrice, tp?.value, sl?.value));
  if (Object.keys(errors).length || !openPrice || !lots.value) return { errors };
  const quantity = quantityOf(lots.value, terms);
  const margin = marginOf(openPrice, quantity, form.multiple);
  const fee = feeOf(openPrice, quantity, terms.feeRate);
  const required = margin.plus(fee);
  if (available !== undefined && required.gt(available)) {
    return { errors: { lots: { key: 'lever.errors.insufficientMargin', params: { required: wireAmount(required) } } } };
  }
  return {
    order: {
      ...(price ? { price } : {}),
      openPrice,
      lots: lots.value,
      multiple: form.multiple,
      quantity,
      margin,
      fee,
      ...(tp?.value ? { takeProfit: tp.value } : {}),
      ...(sl?.value ? { stopLoss: sl.value } : {}),
    },
  };
}

/** The field an API error code of openLever / setLeverTpSl is about, for showing its message inline. */
export function fieldOfCode(code: string | undefined): Field | null {
  switch (code) {
    case 'price_required':
      return 'price';
    case 'lots_out_of_bounds':
    case 'insufficient_margin':
      return 'lots';
    case 'multiple_not_offered':
      return 'multiple';
    case 'take_profit_invalid':
      return 'takeProfit';
    case 'stop_loss_invalid':
      return 'stopLoss';
    default:
      return null;
  }
}

/**
 * The form's errors (leverForm): none while the last price is unknown at market (the page waits for
 * it). A size entered as an amount or a percentage is checked as the lots it buys (leverSize), and
 * what is wrong with those lots is shown under the amount.
 */
export function leverErrors(typed: LeverFormState, { terms, last, available }: LeverInputs): FormErrors {
  const { form, size } = withSize(typed, terms, last, available);
  const errors = validateLeverOrder(form, terms, last ?? '', available).errors ?? {};
  if (typed.unit === 'lots') return errors;
  const { lots, ...rest } = errors;
  // No lots yet because the price is missing: the price's own message says so.
  const amount = size.error ?? (size.lots ? lots : undefined);
  return amount ? { ...rest, amount } : rest;
}
