/**
 * The take-profit / stop-loss sheet of an open position or a delegation, in the app's form shape
 * (lib/form): both fields optional (an empty one removes that trigger), each checked at the
 * symbol's price places and against the reference price (a delegation's price, a position's last
 * price) on the side that takes profit or stops the loss. Pure: no React, no i18n.
 */
import type { OpBody } from '../../../../../contracts/generated/operations';
import { wireAmount } from '../../../lib/amount';
import { parseDecimal } from '../../../lib/decimal';
import { createForm, type FieldErrors, type Notice } from '../../../lib/form';
import { checkPriceField, checkTriggers, fieldOfCode, type FormErrors } from './leverErrors';
import type { LeverOrder } from './leverMath';

export type TpSlField = 'takeProfit' | 'stopLoss';

/** The triggers as typed. */
export interface TpSlForm {
  takeProfit: string;
  stopLoss: string;
}

/** The sheet's state: the triggers as typed and the messages shown under them. */
export interface TpSlState extends TpSlForm {
  errors: FieldErrors<TpSlField, Notice>;
}

/** The sheet starts with the order's triggers. */
export const initialTpSl = (order: Pick<LeverOrder, 'takeProfit' | 'stopLoss'>): TpSlState => ({
  takeProfit: order.takeProfit ?? '',
  stopLoss: order.stopLoss ?? '',
  errors: {},
});

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

// ---- the form --------------------------------------------------------------------------------

/** What the sheet reads: the order, its symbol's last price and price places. */
export interface TpSlInputs {
  order: Pick<LeverOrder, 'id' | 'side' | 'status' | 'price'>;
  last: string | undefined;
  pricePrecision: number;
}

export type TpSlAction =
  | { type: 'edit'; field: TpSlField; value: string }
  /** Submitted: these errors are shown (none: the request is sent). */
  | { type: 'check'; errors: FieldErrors<TpSlField> }
  /** The server refused: its words go under the trigger its code is about. */
  | { type: 'refused'; code: string | undefined; text: string };

export function tpSlReducer(state: TpSlState, action: TpSlAction): TpSlState {
  switch (action.type) {
    case 'edit':
      return { ...state, [action.field]: action.value, errors: {} };
    case 'check':
      return { ...state, errors: action.errors };
    case 'refused': {
      const field = fieldOfCode(action.code);
      return field === 'takeProfit' || field === 'stopLoss' ? { ...state, errors: { ...state.errors, [field]: { text: action.text } } } : state;
    }
  }
}

export interface TpSlSummary {
  /** The price the triggers are checked against (undefined until a position's last price is known). */
  reference: string | undefined;
  /** The request, once the triggers are valid; null otherwise. */
  request: OpBody<'setLeverTpSl'> | null;
}

export const tpSlForm = createForm({
  reducer: tpSlReducer,
  summary: (state: TpSlState, { order, last, pricePrecision }: TpSlInputs): TpSlSummary => {
    const reference = triggerReference(order, last);
    return { reference, request: validateTpSl(state, order, reference, pricePrecision).request ?? null };
  },
  errors: (state: TpSlState, { order, pricePrecision }: TpSlInputs, { reference }: TpSlSummary): FieldErrors<TpSlField> =>
    validateTpSl(state, order, reference, pricePrecision).errors ?? {},
});
