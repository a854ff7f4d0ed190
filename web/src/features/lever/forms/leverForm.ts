/**
 * The lever order form, in the app's one form shape (lib/form): its state (what the user typed and
 * chose, and the messages shown), the edits and the reducer over them, and the form that joins them
 * to its summary (leverSummary: margin, fee, quantity, estimated liquidation price, the order to
 * confirm) and its errors (leverErrors). Pure: no React, no i18n. The arithmetic is leverMath's.
 */
import { createForm, type FieldErrors, type Notice } from '../../../lib/form';
import { fieldOfCode, leverErrors, type FormErrors } from './leverErrors';
import type { LeverKind, LeverSide, LeverTerms } from './leverMath';
import type { SizeUnit } from './leverSize';
import { leverSummary, type AccountContext } from './leverSummary';

export type Field = 'price' | 'lots' | 'amount' | 'multiple' | 'takeProfit' | 'stopLoss';

/** What the user has entered, as typed, and the messages shown under the fields. */
export interface LeverFormState {
  side: LeverSide;
  kind: LeverKind;
  price: string;
  /** How the size is entered (leverSize): lots, a USDT amount or a percentage of the available balance. */
  unit: SizeUnit;
  lots: string;
  /** The USDT amount or the percentage typed (unit usdt or percent). */
  amount: string;
  multiple: number;
  takeProfit: string;
  stopLoss: string;
  errors: FieldErrors<Field, Notice>;
}

/** A fresh form for a symbol: its lowest multiple (the least risk) until the user picks another. */
export function initialLeverForm(terms: Pick<LeverTerms, 'multiples'>, side: LeverSide = 'long'): LeverFormState {
  return { side, kind: 'market', price: '', unit: 'lots', lots: '', amount: '', multiple: terms.multiples[0] ?? 1, takeProfit: '', stopLoss: '', errors: {} };
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

/** Lots ↔ USDT ↔ percentage: the amount typed in the other unit is cleared (the lots are kept for the lots unit). */
export function switchUnit(form: LeverFormState, unit: SizeUnit): LeverFormState {
  return unit === form.unit ? form : { ...form, unit, amount: '', errors: {} };
}

/** A multiple from the symbol's list (anything else is ignored). */
export function setMultiple(form: LeverFormState, multiple: number, terms: Pick<LeverTerms, 'multiples'>): LeverFormState {
  return terms.multiples.includes(multiple) ? { ...form, multiple, errors: {} } : form;
}

/** After a position is opened: lots and triggers are cleared, the rest kept. */
export const clearAfterOpen = (form: LeverFormState): LeverFormState => ({ ...form, lots: '', amount: '', takeProfit: '', stopLoss: '', errors: {} });

// ---- the form --------------------------------------------------------------------------------

/** What the form reads and does not own. */
export interface LeverInputs {
  terms: LeverTerms;
  /** The symbol's last price: the opening price at market; undefined until the ticker has it. */
  last: string | undefined;
  /** The lever account's available balance; undefined before it loads (then not checked). */
  available: string | undefined;
  /** Where the account stands, for the liquidation estimate; undefined until every open position has loaded. */
  context: AccountContext | undefined;
}

export type LeverAction =
  | { type: 'edit'; field: 'price' | 'lots' | 'amount' | 'takeProfit' | 'stopLoss'; value: string }
  | { type: 'unit'; unit: SizeUnit }
  /** One of the percentages offered (leverSize PERCENTS): the size becomes that share of the available balance. */
  | { type: 'percent'; percent: number }
  | { type: 'side'; side: LeverSide }
  | { type: 'kind'; kind: LeverKind }
  | { type: 'multiple'; multiple: number }
  /** Submitted: these errors are shown (none: the order goes to the confirmation sheet). */
  | { type: 'check'; errors: FormErrors }
  /** The order was placed. */
  | { type: 'opened' }
  /** The server refused the order: its words go under the field its code is about (none: the toast has said it). */
  | { type: 'refused'; code: string | undefined; text: string };

export function leverReducer(form: LeverFormState, action: LeverAction, { terms }: Pick<LeverInputs, 'terms'>): LeverFormState {
  switch (action.type) {
    case 'edit':
      return editField(form, action.field, action.value);
    case 'side':
      return switchSide(form, action.side);
    case 'kind':
      return switchKind(form, action.kind);
    case 'unit':
      return switchUnit(form, action.unit);
    case 'percent':
      return { ...switchUnit(form, 'percent'), amount: String(action.percent), errors: {} };
    case 'multiple':
      return setMultiple(form, action.multiple, terms);
    case 'check':
      return { ...form, errors: action.errors };
    case 'opened':
      return clearAfterOpen(form);
    case 'refused': {
      const code = fieldOfCode(action.code);
      // A refusal of the lots is about the amount when the size was entered as one.
      const field = code === 'lots' && form.unit !== 'lots' ? 'amount' : code;
      return field ? { ...form, errors: { ...form.errors, [field]: { text: action.text } } } : form;
    }
  }
}

/** The lever order form: the reducer above, leverSummary and leverErrors. */
export const leverForm = createForm({ reducer: leverReducer, summary: leverSummary, errors: leverErrors });
