/**
 * A form of the shape of lib/form.ts in a component: its state, the summary of it now, its
 * actions, and its errors when asked for (on submit).
 */
import { useState } from 'react';
import type { Form } from './form';

export interface FormHandle<State, Action, Summary, Errors> {
  /** The state as the page shows it (through `view`). */
  state: State;
  /** The form's summary of `state` with this render's inputs. */
  summary: Summary;
  /** Applies an action to the latest state (as `view` shows it), with this render's inputs. */
  dispatch: (action: Action) => void;
  /** The form's errors of `state` now: validation runs when the page asks (on submit). */
  errors: () => Errors;
}

const same = <T>(value: T): T => value;

/**
 * `init` makes the first state; `view` shows the stored state with what lives elsewhere (the side
 * the URL holds, say) and is what each action applies to.
 */
export function useForm<State, Action, Inputs, Summary, Errors>(
  form: Form<State, Action, Inputs, Summary, Errors>,
  init: () => State,
  inputs: Inputs,
  view: (stored: State) => State = same,
): FormHandle<State, Action, Summary, Errors> {
  const [stored, setStored] = useState(init);
  const state = view(stored);
  const summary = form.summary(state, inputs);
  return {
    state,
    summary,
    dispatch: (action) => setStored((s) => form.reducer(view(s), action, inputs)),
    errors: () => form.errors(state, inputs, summary),
  };
}
