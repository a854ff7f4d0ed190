/**
 * The one shape of a form in this app (after dYdX v4-web's `createForm({reducer, calculateSummary,
 * getErrors})`): a pure module per form, no React and no i18n, unit-tested on its own.
 *
 * - `reducer(state, action, inputs)`: what the user typed and chose (as typed: strings) and the
 *   messages shown under the fields, changed only by the form's actions. `inputs` is what the form
 *   does not own and reads as it is now (a symbol's precisions, the balance, the last price).
 * - `summary(state, inputs)`: the figures derived from them (cost, fee, max, what is received) and,
 *   once the form is valid, what the confirmation shows and the request it sends.
 * - `errors(state, inputs, summary)`: what is wrong, per field, as dictionary keys with params.
 *
 * A page holds the state (`useForm`, lib/useForm.ts), renders the summary, and on submit shows the
 * errors (the form's `check` action) or confirms and sends the summary's request; the server's
 * refusal of a field goes back into the state (its `refused` action) in the server's own words.
 * Messages are shown by `useMessage` (i18n/useMessage.ts). Money stays big.js throughout.
 */

/** A param of a message: a number, a text, a decimal string (shown exact for the locale), or an amount shown at fixed places (truncated). */
export type Param = string | number | { amount: string; places: number };

/** A message of the dictionaries: its key and params (decimals as wire strings). */
export interface Message {
  key: string;
  params?: Record<string, Param>;
}

/** The server's refusal of a field, in its own words (the API client has put them in the user's language). */
export interface Refusal {
  text: string;
}

/** What a field shows: a message of the form, or the server's refusal. */
export type Notice = Message | Refusal;

/** A message per field (what `errors` returns; a form's state holds `FieldErrors<Field, Notice>`). */
export type FieldErrors<F extends string, M extends Notice = Message> = Partial<Record<F, M>>;

/** A form: see above. */
export interface Form<State, Action, Inputs, Summary, Errors> {
  reducer: (state: State, action: Action, inputs: Inputs) => State;
  summary: (state: State, inputs: Inputs) => Summary;
  errors: (state: State, inputs: Inputs, summary: Summary) => Errors;
}

/** Declares a form (nothing at run time: it gives the three functions one set of types). */
export function createForm<State, Action, Inputs, Summary, Errors>(
  form: Form<State, Action, Inputs, Summary, Errors>,
): Form<State, Action, Inputs, Summary, Errors> {
  return form;
}

/** True when any field has a message. */
export const hasErrors = (errors: Readonly<Record<string, Notice | null | undefined>>): boolean => Object.values(errors).some(Boolean);
