/**
 * What the lever order form sums up (the summary of leverForm), pure: the figures shown under the
 * form as the user types (equivalent quantity, margin, fee, estimated liquidation price) and, once
 * the form is valid, the order as the confirmation sheet shows it with the request it sends. The
 * arithmetic is leverMath's; money is big.js throughout.
 */
import type { OpBody } from '../../../../../contracts/generated/operations';
import { checkAmount, wireAmount } from '../../../lib/amount';
import { Big, parseDecimal } from '../../../lib/decimal';
import { validateLeverOrder, type ValidLeverOrder } from './leverErrors';
import type { LeverFormState, LeverInputs } from './leverForm';
import { withSize } from './leverSize';
import {
  feeOf,
  liquidationPrice,
  marginOf,
  quantityOf,
  type LastPrices,
  type LeverAccount,
  type LeverKind,
  type LeverOrder,
  type LeverSide,
  type LeverTerms,
  type NewPosition,
} from './leverMath';

/** The figures shown under the form as the user types (null where what they depend on is missing or invalid). */
export interface LeverPreview {
  /** The lots it opens (what an amount or a percentage buys, rounded down to the lot step). */
  lots: Big | null;
  quantity: Big | null;
  margin: Big | null;
  fee: Big | null;
  liquidationPrice: Big | null;
}

/** Where the account stands, for the estimate: its balance and margin, the open positions and the last prices. */
export interface AccountContext {
  account: Pick<LeverAccount, 'balance' | 'positionMargin' | 'liquidationLine'>;
  positions: ReadonlyArray<Pick<LeverOrder, 'symbol' | 'side' | 'openPrice' | 'quantity'>>;
  lasts: LastPrices;
}

/** The estimated liquidation price of opening `next` in the account; null without the account. */
function estimate(context: AccountContext | undefined, terms: LeverTerms, next: NewPosition): Big | null {
  return context ? liquidationPrice(context.account, context.positions, context.lasts, next, context.account.liquidationLine, terms.pricePrecision) : null;
}

/** Margin, fee, quantity and estimated liquidation price of what the form holds now. */
export function previewLeverOrder(form: LeverFormState, terms: LeverTerms, last: string | undefined, context: AccountContext | undefined): LeverPreview {
  const none: LeverPreview = { lots: null, quantity: null, margin: null, fee: null, liquidationPrice: null };
  const lots = parseDecimal(form.lots.trim());
  if (!lots || lots.lte(0)) return none;
  const quantity = quantityOf(lots, terms);
  const price = form.kind === 'limit' ? checkAmount(form.price, terms.pricePrecision).amount : last !== undefined ? parseDecimal(last) : null;
  if (!price || price.lte(0)) return { ...none, lots, quantity };
  const margin = marginOf(price, quantity, form.multiple);
  const fee = feeOf(price, quantity, terms.feeRate);
  const liq = estimate(context, terms, { symbol: terms.symbol, side: form.side, openPrice: price, quantity, margin, fee });
  return { lots, quantity, margin, fee, liquidationPrice: liq };
}

/** What the confirmation sheet shows, and the request it sends. */
export interface LeverSummary extends Omit<ValidLeverOrder, 'price'> {
  request: OpBody<'openLever'>;
  side: LeverSide;
  kind: LeverKind;
  liquidationPrice: Big | null;
}

/** The sheet's summary of a validated order with its estimated liquidation price. */
function reviewOf(form: Pick<LeverFormState, 'side' | 'kind'>, order: ValidLeverOrder, terms: LeverTerms, liq: Big | null): LeverSummary {
  const { side, kind } = form;
  return {
    request: {
      symbol: terms.symbol,
      side,
      type: kind,
      ...(kind === 'limit' && order.price ? { price: wireAmount(order.price) } : {}),
      lots: wireAmount(order.lots),
      multiple: order.multiple,
      ...(order.takeProfit ? { takeProfit: wireAmount(order.takeProfit) } : {}),
      ...(order.stopLoss ? { stopLoss: wireAmount(order.stopLoss) } : {}),
    },
    side,
    kind,
    openPrice: order.openPrice,
    lots: order.lots,
    multiple: order.multiple,
    quantity: order.quantity,
    margin: order.margin,
    fee: order.fee,
    takeProfit: order.takeProfit,
    stopLoss: order.stopLoss,
    liquidationPrice: liq,
  };
}

/** The summary of a validated order (with the estimate when the account is known). */
export function summarizeLeverOrder(
  form: Pick<LeverFormState, 'side' | 'kind'>,
  order: ValidLeverOrder,
  terms: LeverTerms,
  context: AccountContext | undefined,
): LeverSummary {
  const { openPrice, quantity, margin, fee } = order;
  return reviewOf(form, order, terms, estimate(context, terms, { symbol: terms.symbol, side: form.side, openPrice, quantity, margin, fee }));
}

/** The form's summary (leverForm): the preview, and the order to confirm once the form is valid. */
export interface LeverFormSummary extends LeverPreview {
  /** What the confirmation sheet shows and the request it sends; null while the form is not valid. */
  review: LeverSummary | null;
}

export function leverSummary(typed: LeverFormState, { terms, last, available, context }: LeverInputs): LeverFormSummary {
  // An amount or a percentage is priced as the lots it buys (leverSize).
  const { form, size } = withSize(typed, terms, last, available);
  const preview = previewLeverOrder(form, terms, last, context);
  const { order } = size.error ? { order: undefined } : validateLeverOrder(form, terms, last ?? '', available);
  // A valid order opens at the price, quantity, margin and fee the preview priced: its estimate is the order's.
  return { ...preview, review: order ? reviewOf(form, order, terms, preview.liquidationPrice) : null };
}
