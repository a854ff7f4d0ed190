/**
 * The close sheet of an open position, in the app's form shape (lib/form): how many lots to close
 * (typed, or 25/50/75/100 % of the position rounded down to the lot step), at market or at a limit
 * price (a close order resting on the position), and before sending what it realizes: the part's
 * estimated P/L and fee at the price, what returns to the balance, what stays open and, at market,
 * the remainder's new estimated liquidation price. Pure: no React, no i18n; the arithmetic is
 * leverMath's (partClose, liquidationPrice).
 */
import type { OpBody } from '../../../../../contracts/generated/operations';
import { wireAmount } from '../../../lib/amount';
import { Big, parseDecimal } from '../../../lib/decimal';
import { createForm, type FieldErrors, type Message, type Notice } from '../../../lib/form';
import { checkPriceField } from './leverErrors';
import { liquidationPrice, partClose, placesOf, type LeverKind, type LeverOrder, type LeverTerms, type PartClose } from './leverMath';
import { PERCENTS } from './leverSize';
import type { AccountContext } from './leverSummary';

export type CloseField = 'lots' | 'price';

export interface CloseState {
  /** At market now, or a close order at a limit price. */
  kind: LeverKind;
  lots: string;
  price: string;
  errors: FieldErrors<CloseField, Notice>;
}

/** The sheet starts with the whole position at market. */
export const initialClose = (order: Pick<LeverOrder, 'lots'>): CloseState => ({ kind: 'market', lots: order.lots, price: '', errors: {} });

/** What the sheet reads: the position, its symbol's terms and last price, and where the account stands (for the estimate). */
export interface CloseInputs {
  order: LeverOrder;
  terms: LeverTerms;
  last: string | undefined;
  context: AccountContext | undefined;
}

export type CloseAction =
  | { type: 'edit'; field: CloseField; value: string }
  | { type: 'kind'; kind: LeverKind }
  /** One of PERCENTS of the position's lots, rounded down to the lot step. */
  | { type: 'percent'; percent: number }
  | { type: 'check'; errors: FieldErrors<CloseField> }
  /** The server refused: its words go under the lots or the price (none: the toast has said it). */
  | { type: 'refused'; code: string | undefined; text: string };

/** `percent` % of the position's lots, rounded down to the lot step (zero when less than a step). */
export function percentOfLots(lots: string, percent: number, lotStep: string): Big {
  const step = new Big(lotStep);
  return new Big(lots).times(percent).div(100).div(step).round(0, Big.roundDown).times(step);
}

export function closeReducer(state: CloseState, action: CloseAction, { order, terms }: Pick<CloseInputs, 'order' | 'terms'>): CloseState {
  switch (action.type) {
    case 'edit':
      return { ...state, [action.field]: action.value, errors: {} };
    case 'kind':
      return { ...state, kind: action.kind, errors: {} };
    case 'percent':
      return { ...state, lots: wireAmount(percentOfLots(order.lots, action.percent, terms.lotStep)), errors: {} };
    case 'check':
      return { ...state, errors: action.errors };
    case 'refused': {
      const field: CloseField | null =
        action.code === 'lots_out_of_bounds' ? 'lots' : action.code === 'amount_invalid' || action.code === 'amount_precision' ? 'price' : null;
      return field ? { ...state, errors: { ...state.errors, [field]: { text: action.text } } } : state;
    }
  }
}

/** The lots typed: more than zero, at most the position's, in lot steps, leaving none or at least the minimum open. */
export function checkCloseLots(
  text: string,
  order: Pick<LeverOrder, 'lots'>,
  terms: Pick<LeverTerms, 'lotStep' | 'minLots'>,
): { value: Big; error?: undefined } | { value?: undefined; error: Message } {
  const value = text.trim();
  if (!value) return { error: { key: 'lever.errors.lotsRequired' } };
  const lots = parseDecimal(value);
  if (!lots || lots.lte(0)) return { error: { key: 'lever.errors.invalid' } };
  const places = placesOf(terms.lotStep);
  if (placesOf(lots) > places) return { error: { key: 'lever.errors.precision', params: { places } } };
  const max = new Big(order.lots);
  if (lots.gt(max)) return { error: { key: 'lever.errors.closeLotsMax', params: { max: order.lots } } };
  const rest = max.minus(lots);
  if (!lots.mod(terms.lotStep).eq(0) || (rest.gt(0) && rest.lt(terms.minLots))) {
    return { error: { key: 'lever.errors.lotsBounds', params: { min: terms.lotStep, max: order.lots, step: terms.lotStep } } };
  }
  return { value: lots };
}

/** A limit close price: valid, and not yet reached (a long's above the last price, a short's below it). */
function checkClosePrice(
  text: string,
  order: Pick<LeverOrder, 'side'>,
  pricePrecision: number,
  last: Big | null,
): { value: Big; error?: undefined } | { value?: undefined; error: Message } {
  const c = checkPriceField('price', text, pricePrecision)!;
  if (c.error) return c;
  const long = order.side === 'long';
  if (last && (long ? c.value.lte(last) : c.value.gte(last))) {
    return { error: { key: long ? 'lever.errors.closeAbove' : 'lever.errors.closeBelow', params: { price: wireAmount(last) } } };
  }
  return c;
}

/** What the sheet shows as the user types, and the request once valid. */
export interface CloseSummary {
  /** Lots of each offered percentage (zero: not offered, less than a step). */
  percents: ReadonlyArray<{ percent: number; lots: Big }>;
  /** The price it closes at: the last price at market, the limit price for a close order. */
  price: Big | null;
  /** The part's figures at that price (null until the lots and the price are valid). */
  part: PartClose | null;
  /** The estimated liquidation price now, and once the part is closed at market (null when none stays open or it is unknown). */
  liquidation: { before: Big | null; after: Big | null } | null;
  request: { op: 'closeLever'; body: OpBody<'closeLever'> } | { op: 'placeLeverCloseOrder'; body: OpBody<'placeLeverCloseOrder'> } | null;
}

function validate(state: CloseState, { order, terms, last }: CloseInputs) {
  const errors: FieldErrors<CloseField> = {};
  const lots = checkCloseLots(state.lots, order, terms);
  if (lots.error) errors.lots = lots.error;
  const lastPrice = last !== undefined ? parseDecimal(last) : null;
  let price = state.kind === 'market' ? lastPrice : null;
  if (state.kind === 'limit') {
    const c = checkClosePrice(state.price, order, terms.pricePrecision, lastPrice);
    if (c.error) errors.price = c.error;
    else price = c.value;
  }
  return { errors, lots: lots.value, price };
}

/** The remainder's estimated liquidation price, every other position as it is (leverMath liquidationPrice). */
function liquidationOf(context: AccountContext, order: LeverOrder, terms: LeverTerms, balance: Big, quantity: Big, margin: Big): Big | null {
  if (!order.openPrice || quantity.eq(0)) return null;
  const others = context.positions.filter((p) => p !== order && (p as Partial<LeverOrder>).id !== order.id);
  const account = { balance: balance.toFixed(), positionMargin: new Big(context.account.positionMargin).minus(order.margin).toFixed() };
  const next = { symbol: order.symbol, side: order.side, openPrice: new Big(order.openPrice), quantity, margin, fee: new Big(0) };
  return liquidationPrice(account, others, context.lasts, next, context.account.liquidationLine, terms.pricePrecision);
}

export function closeSummary(state: CloseState, inputs: CloseInputs): CloseSummary {
  const { order, terms, context } = inputs;
  const percents = PERCENTS.map((percent) => ({ percent, lots: percentOfLots(order.lots, percent, terms.lotStep) }));
  const { errors, lots, price } = validate(state, inputs);
  const part = lots && price ? partClose(order, lots, price, terms) : null;
  let liquidation: CloseSummary['liquidation'] = null;
  if (part && context && state.kind === 'market' && part.restLots.gt(0)) {
    const balance = new Big(context.account.balance);
    liquidation = {
      before: liquidationOf(context, order, terms, balance, new Big(order.quantity), new Big(order.margin)),
      after: liquidationOf(context, order, terms, balance.plus(part.pnl).minus(part.fee), part.restQuantity, part.restMargin),
    };
  }
  let request: CloseSummary['request'] = null;
  if (!Object.keys(errors).length && lots && price) {
    const all = lots.eq(order.lots);
    request =
      state.kind === 'market'
        ? { op: 'closeLever', body: { id: order.id, ...(all ? {} : { lots: wireAmount(lots) }) } }
        : { op: 'placeLeverCloseOrder', body: { id: order.id, price: wireAmount(price), ...(all ? {} : { lots: wireAmount(lots) }) } };
  }
  return { percents, price, part, liquidation, request };
}

export const closeForm = createForm({
  reducer: closeReducer,
  summary: closeSummary,
  errors: (state: CloseState, inputs: CloseInputs): FieldErrors<CloseField> => validate(state, inputs).errors,
});
