/**
 * The lever (leveraged contract) arithmetic and form as a pure module (no React, no i18n): the
 * form's state and edits, validation (translation keys and params, never translated text), the
 * summary shown in the confirmation sheet, and the figures every lever page shows live: margin,
 * fee, equivalent quantity, unrealized profit and loss, the account's equity and risk rate, and
 * the estimated liquidation price of a new position. Money is big.js throughout.
 *
 * The rules are the contract's (tag lever: contracts/openapi/lever/):
 * - quantity = lots × contractSize (base coin);
 * - margin = price × quantity ÷ multiple, rounded up to USDT's 6 places;
 * - fee = price × quantity × feeRate, rounded up to 6 places (on opening, and again on closing);
 * - unrealized P/L of a long = (last − openPrice) × quantity, of a short (openPrice − last) × quantity;
 * - equity = balance + unrealized P/L; risk rate = equity ÷ positionMargin (4 places, truncated),
 *   and every position is closed when it falls to the liquidation line.
 */
import type { components } from '../../../../../contracts/generated/openapi';
import type { OpBody } from '../../../../../contracts/generated/operations';
import { checkAmount, wireAmount } from '../../../lib/amount';
import { Big, parseDecimal } from '../../../lib/decimal';

type Schemas = components['schemas'];
export type LeverTerms = Schemas['LeverSymbol'];
export type LeverAccount = Schemas['LeverAccount'];
export type LeverOrder = Schemas['LeverOrder'];
export type LeverSide = Schemas['LeverSide'];
export type LeverKind = Schemas['OrderType'];

/** USDT's places: margin, fees and profit and loss are kept at these. */
export const USDT_PLACES = 6;
/** The risk rate's places (truncated), as the server gives it. */
export const RISK_PLACES = 4;
/** The app warns when the risk rate is below this many times the liquidation line. */
export const WARNING_FACTOR = 2;

export type Field = 'price' | 'lots' | 'multiple' | 'takeProfit' | 'stopLoss';
/** A message to show under a field: a translation key and its params (decimals as wire strings). */
export interface FieldError {
  key: string;
  params?: Record<string, string | number>;
}
export type FormErrors = Partial<Record<Field, FieldError>>;

/** What the user has entered, as typed, and the inline errors being shown. */
export interface LeverFormState {
  side: LeverSide;
  kind: LeverKind;
  price: string;
  lots: string;
  multiple: number;
  takeProfit: string;
  stopLoss: string;
  errors: FormErrors;
}

/** A fresh form for a symbol: its lowest multiple (the least risk) until the user picks another. */
export function initialLeverForm(terms: Pick<LeverTerms, 'multiples'>, side: LeverSide = 'long'): LeverFormState {
  return { side, kind: 'market', price: '', lots: '', multiple: terms.multiples[0] ?? 1, takeProfit: '', stopLoss: '', errors: {} };
}

// ---- exact arithmetic -----------------------------------------------------------------------

const step = (places: number) => new Big(10).pow(-places);

/** Decimal places of a decimal (no trailing zeros counted). */
export function placesOf(value: string | Big): number {
  const text = new Big(value).toFixed();
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * x ÷ y at `places` decimals, rounded up or down exactly (big.js divides at 20 places rounding half
 * up, which alone could round a quotient just beside a step onto it). `y` is not zero.
 */
export function divRound(x: Big, y: Big, places: number, mode: 'up' | 'down'): Big {
  const [n, d] = y.lt(0) ? [x.neg(), y.neg()] : [x, y];
  // The floor of n ÷ d: the truncated quotient, corrected when it overshot.
  let q = n.div(d).round(places, Big.roundDown);
  if (q.times(d).gt(n)) q = q.minus(step(places));
  else if (q.plus(step(places)).times(d).lte(n)) q = q.plus(step(places));
  if (mode === 'up' && q.times(d).lt(n)) q = q.plus(step(places));
  return q;
}

/** Equivalent base quantity of `lots`: lots × contractSize. */
export const quantityOf = (lots: Big, terms: Pick<LeverTerms, 'contractSize'>): Big => lots.times(terms.contractSize);

/** The margin a position freezes: price × quantity ÷ multiple, rounded up to 6 places. */
export const marginOf = (price: Big, quantity: Big, multiple: number): Big => divRound(price.times(quantity), new Big(multiple), USDT_PLACES, 'up');

/** The fee of opening (or closing) at `price`: price × quantity × feeRate, rounded up to 6 places. */
export const feeOf = (price: Big, quantity: Big, feeRate: string | Big): Big => price.times(quantity).times(feeRate).round(USDT_PLACES, Big.roundUp);

/** +1 for a long, −1 for a short. */
const signOf = (side: LeverSide) => (side === 'long' ? 1 : -1);

/** Profit or loss of `quantity` opened at `openPrice` when the price is `last` (exact). */
export function pnlAt(side: LeverSide, openPrice: string | Big, last: string | Big, quantity: string | Big): Big {
  return new Big(last).minus(openPrice).times(quantity).times(signOf(side));
}

type PnlInput = Pick<LeverOrder, 'side' | 'openPrice' | 'quantity'>;

/**
 * The last P/L computed for each position (object), with what it was computed from: the live list
 * and the account's total read the same positions at the same prices on every pulse, and each
 * position's P/L is computed once per (position, price), not once per reader.
 */
const pnlCache = new WeakMap<PnlInput, { side: LeverSide; openPrice: string; quantity: string; last: string; pnl: Big }>();

/** An open position's unrealized profit or loss at `last`; null without an opening price (a delegation). */
export function unrealizedPnl(position: PnlInput, last: string | undefined): Big | null {
  const { side, openPrice, quantity } = position;
  if (!openPrice || last === undefined) return null;
  const hit = pnlCache.get(position);
  if (hit && hit.last === last && hit.side === side && hit.openPrice === openPrice && hit.quantity === quantity) return hit.pnl;
  const pnl = pnlAt(side, openPrice, last, quantity);
  pnlCache.set(position, { side, openPrice, quantity, last, pnl });
  return pnl;
}

/** Profit or loss as a percentage of the margin ("12.5" = 12.5 %), truncated to 2 places; null without margin. */
export function pnlPercent(pnl: Big, margin: string | Big): string | null {
  const m = new Big(margin);
  if (m.lte(0)) return null;
  return pnl.times(100).div(m).round(2, Big.roundDown).toFixed();
}

/** The fee rate as a percentage (0.0005 → "0.05"). */
export const ratePercent = (rate: string | Big): string => new Big(rate).times(100).toFixed();

// ---- the account, live --------------------------------------------------------------------------

/** The last price of each symbol (from the tickers). */
export type LastPrices = Readonly<Record<string, string | undefined>>;

export interface LiveAccount {
  /** Sum of the positions' unrealized profit and loss at the last prices (exact). */
  unrealizedPnl: Big;
  /** balance + unrealized profit and loss. */
  equity: Big;
  /** equity ÷ positionMargin, 4 places truncated; null without open positions. */
  riskRate: Big | null;
}

/** The risk rate: equity ÷ margin, 4 places truncated (as the server gives it); null without margin. */
export function riskRateOf(equity: Big, positionMargin: string | Big): Big | null {
  const m = new Big(positionMargin);
  return m.gt(0) ? divRound(equity, m, RISK_PLACES, 'down') : null;
}

/**
 * The account's unrealized profit and loss, equity and risk rate at the last prices, from its
 * balance and margin and the open positions; null while a position's price is unknown (then the
 * server's figures are the best there are).
 */
export function liveAccount(
  account: Pick<LeverAccount, 'balance' | 'positionMargin'>,
  positions: ReadonlyArray<Pick<LeverOrder, 'symbol' | 'side' | 'openPrice' | 'quantity'>>,
  lasts: LastPrices,
): LiveAccount | null {
  let pnl = new Big(0);
  for (const p of positions) {
    const u = unrealizedPnl(p, lasts[p.symbol]);
    if (!u) return null;
    pnl = pnl.plus(u);
  }
  const equity = new Big(account.balance).plus(pnl);
  return { unrealizedPnl: pnl, equity, riskRate: riskRateOf(equity, account.positionMargin) };
}

/** True when the risk rate is below twice the liquidation line: time to warn. */
export function atRisk(riskRate: Big | null, liquidationLine: string | Big): boolean {
  return riskRate !== null && riskRate.lt(new Big(liquidationLine).times(WARNING_FACTOR));
}

/** A position to be opened, as the liquidation estimate needs it. */
export interface NewPosition {
  symbol: string;
  side: LeverSide;
  openPrice: Big;
  quantity: Big;
  margin: Big;
  fee: Big;
}

/**
 * The estimated liquidation price of a new position: the price of its symbol at which, once it is
 * open, the account's risk rate (equity ÷ margin, 4 places truncated, as the server reports and
 * checks it) is at or below the liquidation line, every other symbol's price fixed at its last
 * price. Positions already open in the same symbol move with it.
 *
 *   equity(P) = balance − fee + Σ other symbols' P/L + Σ same symbol sᵢ·qᵢ·(P − oᵢ)  (s = +1 long, −1 short)
 *             = A + B·P, with B = Σ sᵢ·qᵢ (the symbol's net quantity)
 *   margin'   = positionMargin + margin
 *   the truncated rate is at or below the line exactly when equity < (line + 0.0001) × margin' =: T
 *
 * A net long is liquidated below P* = (T − A) ÷ B, a net short above it: the answer is the first
 * price on the symbol's tick grid beyond P* (one tick closer to the current price is not
 * liquidated). Null when the net quantity is zero (the price cannot liquidate) or the price would
 * have to reach zero (the account would be liquidated at once: the server refuses such an open).
 */
export function liquidationPrice(
  account: Pick<LeverAccount, 'balance' | 'positionMargin'>,
  positions: ReadonlyArray<Pick<LeverOrder, 'symbol' | 'side' | 'openPrice' | 'quantity'>>,
  lasts: LastPrices,
  next: NewPosition,
  liquidationLine: string | Big,
  pricePrecision: number,
): Big | null {
  let a = new Big(account.balance).minus(next.fee);
  let b = new Big(0);
  const same = (side: LeverSide, openPrice: Big, quantity: Big) => {
    const sq = quantity.times(signOf(side));
    b = b.plus(sq);
    a = a.minus(sq.times(openPrice));
  };
  for (const p of positions) {
    if (!p.openPrice) continue;
    if (p.symbol === next.symbol) same(p.side, new Big(p.openPrice), new Big(p.quantity));
    else {
      const last = lasts[p.symbol];
      // A price not known yet counts as unchanged since opening.
      if (last !== undefined) a = a.plus(pnlAt(p.side, p.openPrice, last, p.quantity));
    }
  }
  same(next.side, next.openPrice, next.quantity);
  if (b.eq(0)) return null;
  const threshold = new Big(liquidationLine).round(RISK_PLACES, Big.roundDown).plus(step(RISK_PLACES));
  const target = threshold.times(new Big(account.positionMargin).plus(next.margin));
  const tick = step(pricePrecision);
  const price = b.gt(0) ? divRound(target.minus(a), b, pricePrecision, 'up').minus(tick) : divRound(target.minus(a), b, pricePrecision, 'down').plus(tick);
  return price.gt(0) ? price : null;
}

// ---- edits -----------------------------------------------------------------------------------

/** A field's new text; every edit clears the errors shown. */
export function editField(form: LeverFormState, field: Field, value: string): LeverFormState {
  return { ...form, [field]: value, errors: {} };
}

/** Long ↔ short: the take-profit and stop-loss would be on the wrong side, so they are cleared. */
export function switchSide(form: LeverFormState, side: LeverSide): LeverFormState {
  return side === form.side ? form : { ...form, side, takeProfit: '', stopLoss: '', errors: {} };
}

/** Market ↔ limit: lots, multiple and triggers are kept. */
export function switchKind(form: LeverFormState, kind: LeverKind): LeverFormState {
  return { ...form, kind, errors: {} };
}

/** A multiple from the symbol's list (anything else is ignored). */
export function setMultiple(form: LeverFormState, multiple: number, terms: Pick<LeverTerms, 'multiples'>): LeverFormState {
  return terms.multiples.includes(multiple) ? { ...form, multiple, errors: {} } : form;
}

/** After a position is opened: lots and triggers are cleared, the rest kept. */
export const clearAfterOpen = (form: LeverFormState): LeverFormState => ({ ...form, lots: '', takeProfit: '', stopLoss: '', errors: {} });

// ---- validation -------------------------------------------------------------------------------

type Checked = { value: Big; error?: undefined } | { value?: undefined; error: FieldError };

const REQUIRED: Partial<Record<Field, string>> = { price: 'lever.errors.priceRequired', lots: 'lever.errors.lotsRequired' };

/** A price field: required (the delegate price) or optional (triggers: empty gives no value and no error). */
function checkPriceField(field: Field, text: string, places: number): Checked | null {
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

// ---- preview and summary ------------------------------------------------------------------------

/** The figures shown under the form as the user types (null where what they depend on is missing or invalid). */
export interface LeverPreview {
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

/** Margin, fee, quantity and estimated liquidation price of what the form holds now. */
export function previewLeverOrder(form: LeverFormState, terms: LeverTerms, last: string | undefined, context: AccountContext | undefined): LeverPreview {
  const none: LeverPreview = { quantity: null, margin: null, fee: null, liquidationPrice: null };
  const lots = parseDecimal(form.lots.trim());
  if (!lots || lots.lte(0)) return none;
  const quantity = quantityOf(lots, terms);
  const price = form.kind === 'limit' ? checkAmount(form.price, terms.pricePrecision).amount : last !== undefined ? parseDecimal(last) : null;
  if (!price || price.lte(0)) return { ...none, quantity };
  const margin = marginOf(price, quantity, form.multiple);
  const fee = feeOf(price, quantity, terms.feeRate);
  const liq = context
    ? liquidationPrice(
        context.account,
        context.positions,
        context.lasts,
        { symbol: terms.symbol, side: form.side, openPrice: price, quantity, margin, fee },
        context.account.liquidationLine,
        terms.pricePrecision,
      )
    : null;
  return { quantity, margin, fee, liquidationPrice: liq };
}

/** What the confirmation sheet shows, and the request it sends. */
export interface LeverSummary extends Omit<ValidLeverOrder, 'price'> {
  request: OpBody<'openLever'>;
  side: LeverSide;
  kind: LeverKind;
  liquidationPrice: Big | null;
}

/** The summary of a validated order (with the estimate when the account is known). */
export function summarizeLeverOrder(
  form: Pick<LeverFormState, 'side' | 'kind'>,
  order: ValidLeverOrder,
  terms: LeverTerms,
  context: AccountContext | undefined,
): LeverSummary {
  const { side, kind } = form;
  const liq = context
    ? liquidationPrice(
        context.account,
        context.positions,
        context.lasts,
        { symbol: terms.symbol, side, openPrice: order.openPrice, quantity: order.quantity, margin: order.margin, fee: order.fee },
        context.account.liquidationLine,
        terms.pricePrecision,
      )
    : null;
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

// ---- take-profit and stop-loss of an existing order ----------------------------------------------

export interface TpSlForm {
  takeProfit: string;
  stopLoss: string;
}

/**
 * The take-profit / stop-loss sheet: both fields optional (an empty one removes that trigger),
 * checked against the reference price (a position's last price, a delegation's delegate price).
 */
export function validateTpSl(
  form: TpSlForm,
  order: Pick<LeverOrder, 'id' | 'side'>,
  reference: string | undefined,
  pricePrecision: number,
): { request: OpBody<'setLeverTpSl'>; errors?: undefined } | { request?: undefined; errors: FormErrors } {
  const errors: FormErrors = {};
  const tp = checkPriceField('takeProfit', form.takeProfit, pricePrecision);
  if (tp?.error) errors.takeProfit = tp.error;
  const sl = checkPriceField('stopLoss', form.stopLoss, pricePrecision);
  if (sl?.error) errors.stopLoss = sl.error;
  const ref = reference !== undefined ? parseDecimal(reference) : null;
  if (ref && !errors.takeProfit && !errors.stopLoss) Object.assign(errors, checkTriggers(order.side, ref, tp?.value, sl?.value));
  if (Object.keys(errors).length) return { errors };
  return {
    request: {
      id: order.id,
      ...(tp?.value ? { takeProfit: wireAmount(tp.value) } : {}),
      ...(sl?.value ? { stopLoss: wireAmount(sl.value) } : {}),
    },
  };
}

/** The reference for a trigger: a delegation's price, an open position's last price. */
export function triggerReference(order: Pick<LeverOrder, 'status' | 'price'>, last: string | undefined): string | undefined {
  return order.status === 'delegating' ? order.price : last;
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
