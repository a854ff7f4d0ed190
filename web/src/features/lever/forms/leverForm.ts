/**
 * The lever order form, in the app's one form shape (lib/form): its state (what the user typed and
 * chose, and the messages shown), the edits and the reducer over them, and the form that joins them
 * to its summary (leverSummary: margin, fee, quantity, estimated liquidation price, the order to
 * confirm) and its errors (leverErrors). Pure: no React, no i18n. The arithmetic is leverMath's.
 */
import { createForm, type FieldErrors, type Notice } from '../../../lib/form';
import { fieldOfCode, leverErrors, type FormErrors } from './leverErrors';
import type { LeverKind, LeverSide, LeverTerms } from './leverMath';
import { leverSummary, type AccountContext } from './leverSummary';

export type Field = 'price' | 'lots' | 'multiple' | 'takeProfit' | 'stopLoss';

/** What the user has entered, as typed, and the messages shown under the fields. */
export interface LeverFormState {
  side: LeverSide;
  kind: LeverKind;
  price: string;
  lots: string;
  multiple: number;
  takeProfit: string;
  stopLoss: string;
  errors: FieldErrors<Field, Notice>;
}

/** A fresh form for a symbol: its lowest multiple (the least risk) until the user picks another. */
export function initialLeverForm(terms: Pick<LeverTerms, 'multiples'>, side: LeverSide = 'long'): LeverFormState {
  return { side, kind: 'market', price: '', lots: '', multiple: terms.multiples[0] ?? 1, takeProfit: '', stopLoss: '', errors: {} };
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
  | { type: 'edit'; field: 'price' | 'lots' | 'takeProfit' | 'stopLoss'; value: string }
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
    case 'multiple':
      return setMultiple(form, action.multiple, terms);
    case 'check':
      return { ...form, errors: action.errors };
    case 'opened':
      return clearAfterOpen(form);
    case 'refused': {
      const field = fieldOfCode(action.code);
      return field ? { ...form, errors: { ...form.errors, [field]: { text: action.text } } } : form;
    }
  }
}

/** The lever order form: the reducer above, leverSummary and leverErrors. */
export const leverForm = createForm({ reducer: leverReducer, summary: leverSummary, errors: leverErrors });
