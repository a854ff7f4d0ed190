/**
 * The spot order form as a pure module (no React, no i18n), in the app's one form shape (lib/form:
 * `orderForm`, its reducer, summary and errors): its state, the edits that keep price, quantity
 * and amount in step, the 25/50/75/100 % buttons, validation (translation keys and params, never
 * translated text), and the summary shown in the confirmation sheet with the fee charged as the
 * server charges it (mock-server/src/domain/trade/trade.ts). Money is big.js throughout.
 *
 * Precisions come from the symbol: prices have `pricePrecision` places, base quantities
 * `amountPrecision`, quote amounts (a market buy's, and the amount field derived from price ×
 * quantity) `quotePrecision` (2 for USDT), truncated: a total of 777.355338 USDT shows 777.35. What
 * the server freezes (price × quantity rounded up at `settlementPrecision`) is checked exactly.
 */
import type { components } from '../../../../../contracts/generated/openapi';
import type { OpBody } from '../../../../../contracts/generated/operations';
import type { MarketInfo } from '../../../api/market';
import { Big, parseDecimal } from '../../../lib/decimal';
import { checkAmount, maxAmount, wireAmount } from '../../../lib/amount';
import { createForm, type FieldErrors, type Message } from '../../../lib/form';

export type Side = components['schemas']['OrderSide'];
export type Kind = components['schemas']['OrderType'];
export const PERCENTS = [25, 50, 75, 100] as const;
export type Percent = (typeof PERCENTS)[number];

/** What the form needs of a symbol: its coins and precisions, as the contract's Ticker gives them. */
export type SymbolRules = MarketInfo;

export type Field = 'price' | 'quantity' | 'amount';
type FormErrors = FieldErrors<Field>;

/** Everything the user has entered, as typed (strings), plus the inline errors being shown. */
export interface OrderFormState {
  side: Side;
  kind: Kind;
  price: string;
  quantity: string;
  amount: string;
  errors: FormErrors;
}

export const initialOrderForm = (side: Side = 'buy', kind: Kind = 'limit'): OrderFormState => ({ side, kind, price: '', quantity: '', amount: '', errors: {} });

// ---- small pure helpers -------------------------------------------------------------------

/** Market buys are sized by the quote amount to spend; every other order by the base quantity. */
export const sizedByAmount = (form: Pick<OrderFormState, 'side' | 'kind'>): boolean => form.kind === 'market' && form.side === 'buy';

/** The coin an order spends (quote for buys, base for sells), and the places its balance is shown with. */
export function spendOf(side: Side, rules: SymbolRules): { coin: string; precision: number } {
  return side === 'buy'
    ? { coin: rules.quote, precision: rules.quotePrecision }
    : { coin: rules.base, precision: Math.min(rules.amountPrecision, rules.settlementPrecision) };
}

/** price × quantity truncated at the quote coin's places: what the amount field shows ('' when either is missing). */
export function amountOf(price: Big | null, quantity: Big | null, rules: Pick<SymbolRules, 'quotePrecision'>): string {
  return price && quantity ? wireAmount(price.times(quantity).round(rules.quotePrecision, Big.roundDown)) : '';
}

/**
 * The largest quantity of `precision` places whose cost at `price` is not above `amount`: a floor
 * division that is exact (big.js divides at 20 places rounding half up, which alone could round a
 * quotient just below a step up onto it).
 */
export function floorQuantity(amount: Big, price: Big, precision: number): Big {
  let q = maxAmount(amount.div(price), precision);
  if (q.gt(0) && q.times(price).gt(amount)) q = q.minus(new Big(10).pow(-precision));
  return q;
}

/** amount ÷ price rounded down at the base precision: what the quantity field shows. */
export function quantityOf(amount: Big | null, price: Big | null, precision: number): string {
  return amount && price && price.gt(0) ? wireAmount(floorQuantity(amount, price, precision)) : '';
}

/** The fee rate as a percentage (0.001 → "0.1"). */
export const feePercent = (rate: string | Big): string => new Big(rate).times(100).toFixed();

/**
 * The fee the server takes from what the user receives, rounded up (in the platform's favour):
 * buys pay quantity × rate in base at the base precision, sells proceeds × rate in quote at the settlement places.
 */
export function feeOf(side: Side, receivedGross: Big, rate: string | Big, rules: SymbolRules): { amount: Big; coin: string } {
  const rounded = receivedGross.times(rate).round(side === 'buy' ? rules.amountPrecision : rules.settlementPrecision, Big.roundUp);
  // As the server charges it: rounded up, but never more than what is received.
  const amount = rounded.gt(receivedGross) ? receivedGross : rounded;
  return { amount, coin: side === 'buy' ? rules.base : rules.quote };
}

// ---- edits ----------------------------------------------------------------------------------

/** A new price: the amount follows (price × quantity). */
export function editPrice(form: OrderFormState, price: string, rules: SymbolRules): OrderFormState {
  return { ...form, price, amount: amountOf(parseDecimal(price), parseDecimal(form.quantity), rules), errors: {} };
}

/**
 * The price a form starts at: the last traded price at the symbol's places, once it is known and
 * only while the field is empty (a price typed or picked from the book stays).
 */
export function startAtLastPrice(form: OrderFormState, last: string | undefined, rules: SymbolRules): OrderFormState {
  const p = last === undefined ? null : parseDecimal(last);
  if (form.price !== '' || !p || p.lte(0)) return form;
  return editPrice(form, p.round(rules.pricePrecision, Big.roundDown).toFixed(rules.pricePrecision), rules);
}

/** A new quantity: on a limit order the amount follows. */
export function editQuantity(form: OrderFormState, quantity: string, rules: SymbolRules): OrderFormState {
  return { ...form, quantity, ...(form.kind === 'limit' ? { amount: amountOf(parseDecimal(form.price), parseDecimal(quantity), rules) } : {}), errors: {} };
}

/** A new amount: on a limit order the quantity follows (amount ÷ price, rounded down). */
export function editAmount(form: OrderFormState, amount: string, rules: SymbolRules): OrderFormState {
  return {
    ...form,
    amount,
    ...(form.kind === 'limit' ? { quantity: quantityOf(parseDecimal(amount), parseDecimal(form.price), rules.amountPrecision) } : {}),
    errors: {},
  };
}

/** Limit ↔ market: the size is cleared (the price is kept). */
export function switchKind(form: OrderFormState, kind: Kind): OrderFormState {
  return { ...form, kind, quantity: '', amount: '', errors: {} };
}

/** Buy ↔ sell: the size is cleared (the price is kept). */
export function switchSide(form: OrderFormState, side: Side): OrderFormState {
  return { ...form, side, quantity: '', amount: '', errors: {} };
}

/** After an order is placed: the size is cleared, the rest kept. */
export const clearSize = (form: OrderFormState): OrderFormState => ({ ...form, quantity: '', amount: '' });

/**
 * A percentage button: that share of the available balance (of the coin spent), rounded down.
 * Market buys fill the amount; sells the quantity; limit buys the quantity the share buys at the
 * price (an error on the price when there is none).
 */
export function applyPercent(form: OrderFormState, percent: number, available: string, rules: SymbolRules): OrderFormState {
  const share = new Big(available).times(percent).div(100);
  const next = { ...form, errors: {} };
  if (sizedByAmount(form)) return { ...next, amount: wireAmount(maxAmount(share, rules.quotePrecision)) };
  if (form.side === 'sell') {
    const quantity = wireAmount(maxAmount(share, rules.amountPrecision));
    return { ...next, quantity, ...(form.kind === 'limit' ? { amount: amountOf(parseDecimal(form.price), parseDecimal(quantity), rules) } : {}) };
  }
  const price = parseDecimal(form.price);
  if (!price || price.lte(0)) return { ...form, errors: { price: { key: 'trade.errors.priceRequired' } } };
  const quantity = quantityOf(share, price, rules.amountPrecision);
  return { ...next, quantity, amount: amountOf(price, parseDecimal(quantity), rules) };
}

/**
 * What the order as typed so far would spend, in the coin spent (null while it cannot tell): the
 * quantity of a sell, the amount of a market buy, price × quantity of a limit buy. For the hint
 * that the balance is in another account, before anything is validated.
 */
export function typedCost(form: Pick<OrderFormState, 'side' | 'kind' | 'price' | 'quantity' | 'amount'>): Big | null {
  if (form.side === 'sell') return parseDecimal(form.quantity);
  if (sizedByAmount(form)) return parseDecimal(form.amount);
  const price = parseDecimal(form.price);
  const quantity = parseDecimal(form.quantity);
  return price && quantity ? price.times(quantity) : null;
}

// ---- validation -----------------------------------------------------------------------------

/** The order as validated numbers: price on limit orders, quantity or (market buy) quote amount. */
interface ValidOrder {
  price?: Big;
  quantity?: Big;
  quoteAmount?: Big;
}

const REQUIRED: Record<Field, string> = {
  price: 'trade.errors.priceRequired',
  quantity: 'trade.errors.quantityRequired',
  amount: 'trade.errors.amountRequired',
};

function checkField(field: Field, text: string, places: number): { value: Big; error?: undefined } | { value?: undefined; error: Message } {
  const c = checkAmount(text, places);
  if (!c.problem) return { value: c.amount };
  return { error: c.problem === 'required' ? { key: REQUIRED[field] } : { key: `trade.errors.${c.problem}`, params: { places } } };
}

/**
 * What the order costs in the coin spent, as the server freezes it: the quantity for sells, the
 * amount for market buys, price × quantity rounded up at the settlement places for limit buys; null for a
 * market buy by quantity (unknown until it fills).
 */
export function costOf(side: Side, order: ValidOrder, rules: SymbolRules): Big | null {
  if (side === 'sell') return order.quantity ?? null;
  if (order.quoteAmount) return order.quoteAmount;
  return order.price && order.quantity ? order.price.times(order.quantity).round(rules.settlementPrecision, Big.roundUp) : null;
}

/**
 * Checks the form against the symbol's precisions and the available balance: the order, or the
 * errors to show under each field (missing, not a positive number, too many places, not enough funds).
 */
export function validateOrder(
  form: OrderFormState,
  available: string,
  rules: SymbolRules,
): { order: ValidOrder; errors?: undefined } | { order?: undefined; errors: FormErrors } {
  const errors: FormErrors = {};
  const order: ValidOrder = {};
  if (form.kind === 'limit') {
    const c = checkField('price', form.price, rules.pricePrecision);
    if (c.error) errors.price = c.error;
    else order.price = c.value;
  }
  const byAmount = sizedByAmount(form);
  const sizeField: Field = byAmount ? 'amount' : 'quantity';
  const c = byAmount ? checkField('amount', form.amount, rules.quotePrecision) : checkField('quantity', form.quantity, rules.amountPrecision);
  if (c.error) errors[sizeField] = c.error;
  else if (byAmount) order.quoteAmount = c.value;
  else order.quantity = c.value;
  if (Object.keys(errors).length) return { errors };
  const cost = costOf(form.side, order, rules);
  if (cost && cost.gt(available)) return { errors: { [sizeField]: { key: 'trade.errors.insufficient' } } };
  return { order };
}

// ---- summary --------------------------------------------------------------------------------

/** What the confirmation sheet shows, and the request it sends. */
export interface OrderSummary {
  request: OpBody<'placeOrder'>;
  side: Side;
  kind: Kind;
  /** Limit price (wire form); undefined on market orders ("market price"). */
  price?: string;
  /** Base quantity (wire form); undefined on a market buy by amount. */
  quantity?: string;
  /** The total in quote: price × quantity, or the amount of a market buy; null when only the fill will tell. */
  total: Big | null;
  /** The fee estimate in the coin received; null on market orders whose size the fill decides (see `feePercent`), or while the rate is unknown. */
  fee: { amount: Big; coin: string } | null;
  /** What the user receives after the fee, when known. */
  receive: { amount: Big; coin: string } | null;
  /** The fee rate as a percentage ("0.1"); undefined while the rate is unknown. */
  feePercent?: string;
  /** The fee rate as the server sends it ("0.001"), for `formatRate`; undefined while unknown. */
  feeRate?: string;
}

/** The summary of a validated order with the server's fee rate (settings `spotFeeRate`; undefined until loaded). */
export function summarizeOrder(form: Pick<OrderFormState, 'side' | 'kind'>, order: ValidOrder, rules: SymbolRules, feeRate: string | undefined): OrderSummary {
  const { side, kind } = form;
  const total = order.quoteAmount ?? (order.price && order.quantity ? order.price.times(order.quantity) : null);
  // Buys receive the base quantity, sells the quote proceeds; the fee comes out of it.
  const gross = side === 'buy' ? (order.quantity ?? null) : total;
  const fee = gross && feeRate !== undefined ? feeOf(side, gross, feeRate, rules) : null;
  return {
    request: {
      symbol: rules.symbol,
      side,
      type: kind,
      ...(order.price ? { price: wireAmount(order.price) } : {}),
      ...(order.quantity ? { quantity: wireAmount(order.quantity) } : {}),
      ...(order.quoteAmount ? { quoteAmount: wireAmount(order.quoteAmount) } : {}),
    },
    side,
    kind,
    price: order.price ? wireAmount(order.price) : undefined,
    quantity: order.quantity ? wireAmount(order.quantity) : undefined,
    total,
    fee,
    receive: gross && fee ? { amount: gross.minus(fee.amount), coin: fee.coin } : null,
    feePercent: feeRate !== undefined ? feePercent(feeRate) : undefined,
    feeRate,
  };
}

// ---- the form -------------------------------------------------------------------------------

/** What the form reads: the symbol's rules, the available balance of the coin spent, the fee rate (undefined until the settings load). */
export interface OrderInputs {
  rules: SymbolRules;
  available: string;
  feeRate: string | undefined;
}

export type OrderAction =
  | { type: 'price'; value: string }
  | { type: 'quantity'; value: string }
  | { type: 'amount'; value: string }
  | { type: 'kind'; kind: Kind }
  | { type: 'side'; side: Side }
  | { type: 'percent'; percent: Percent }
  /** The last price is known: the price starts at it (only while the field is empty). */
  | { type: 'startAt'; last: string | undefined }
  /** Submitted: these errors are shown (none: the order goes to the confirmation sheet). */
  | { type: 'check'; errors: FormErrors }
  /** The order was placed. */
  | { type: 'placed' };

export function orderReducer(form: OrderFormState, action: OrderAction, { rules, available }: Pick<OrderInputs, 'rules' | 'available'>): OrderFormState {
  switch (action.type) {
    case 'price':
      return editPrice(form, action.value, rules);
    case 'quantity':
      return editQuantity(form, action.value, rules);
    case 'amount':
      return editAmount(form, action.value, rules);
    case 'kind':
      return switchKind(form, action.kind);
    case 'side':
      return switchSide(form, action.side);
    case 'percent':
      return applyPercent(form, action.percent, available, rules);
    case 'startAt':
      return startAtLastPrice(form, action.last, rules);
    case 'check':
      return { ...form, errors: action.errors };
    case 'placed':
      return clearSize(form);
  }
}

/** What the form shows besides its fields. */
export interface OrderFormSummary {
  /** The coin spent and the places its balance is shown with. */
  spend: { coin: string; precision: number };
  /** Sized by the quote amount (a market buy), not the base quantity. */
  byAmount: boolean;
  /** What the order as typed would spend (for the hint that the balance is in another account). */
  typedCost: Big | null;
  /** The confirmation sheet's summary once the order is valid; null otherwise. */
  review: OrderSummary | null;
}

export function orderSummary(form: OrderFormState, { rules, available, feeRate }: OrderInputs): OrderFormSummary {
  const { order } = validateOrder(form, available, rules);
  return {
    spend: spendOf(form.side, rules),
    byAmount: sizedByAmount(form),
    typedCost: typedCost(form),
    review: order ? summarizeOrder(form, order, rules, feeRate) : null,
  };
}

export const orderErrors = (form: OrderFormState, { rules, available }: OrderInputs): FormErrors => validateOrder(form, available, rules).errors ?? {};

/** The spot order form: the reducer, summary and errors above. */
export const orderForm = createForm({ reducer: orderReducer, summary: orderSummary, errors: orderErrors });
