// @vitest-environment jsdom
/** The form shape and its hook: a counter form, its view (a value held elsewhere), its errors asked for on submit. */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { createForm, hasErrors, type FieldErrors } from './form';
import { useForm, type FormHandle } from './useForm';

interface State {
  text: string;
  unit: string;
}
type Action = { type: 'type'; text: string } | { type: 'double' };
const form = createForm({
  reducer: (s: State, a: Action, inputs: { max: number }): State =>
    a.type === 'type' ? { ...s, text: a.text } : { ...s, text: String(Math.min(Number(s.text) * 2, inputs.max)) },
  summary: (s: State, inputs: { max: number }) => ({ label: `${s.text} ${s.unit}`, over: Number(s.text) > inputs.max }),
  errors: (_state: State, _inputs: { max: number }, summary: { over: boolean }): FieldErrors<'text'> => (summary.over ? { text: { key: 'x.over' } } : {}),
});

describe('the form shape', () => {
  it('hasErrors: any field with a message', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ a: undefined, b: null })).toBe(false);
    expect(hasErrors({ a: { key: 'k' } })).toBe(true);
    expect(hasErrors({ a: { text: 'refused' } })).toBe(true);
  });

  it('useForm: the summary of the state as viewed, actions applied to the viewed state with the inputs, errors on demand', () => {
    let handle: FormHandle<State, Action, ReturnType<typeof form.summary>, FieldErrors<'text'>> | undefined;
    function Probe({ unit, max }: { unit: string; max: number }) {
      handle = useForm(
        form,
        () => ({ text: '1', unit: 'old' }),
        { max },
        (s) => ({ ...s, unit }),
      );
      return null;
    }
    const root = createRoot(document.createElement('div'));
    flushSync(() => root.render(<Probe unit="kg" max={10} />));
    expect(handle!.state).toEqual({ text: '1', unit: 'kg' });
    expect(handle!.summary).toEqual({ label: '1 kg', over: false });
    flushSync(() => {
      handle!.dispatch({ type: 'type', text: '4' });
      handle!.dispatch({ type: 'double' });
    });
    expect(handle!.summary.label).toBe('8 kg');
    flushSync(() => handle!.dispatch({ type: 'double' }));
    expect(handle!.state.text).toBe('10');
    expect(handle!.errors()).toEqual({});
    flushSync(() => root.render(<Probe unit="g" max={5} />));
    expect(handle!.summary).toEqual({ label: '10 g', over: true });
    expect(handle!.errors()).toEqual({ text: { key: 'x.over' } });
    flushSync(() => root.unmount());
  });
});
