/**
 * The pseudo locale, a QA aid: with `?pseudo=1` (kept for the tab until `?pseudo=0`) every
 * translated string is shown accented and bracketed, "⟦Ḿàŕķéţš⟧", so text that does not go through
 * the dictionaries stands out in plain letters, and brackets cut off by the layout show where a
 * longer language would not fit. Interpolated values are accented too; numbers stay as they are.
 */
import type { PostProcessorModule } from 'i18next';

const KEY = 'pseudo';
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'àḃċḋéḟġḣíĵķĺḿńóṗɋŕšţúṿẃẋýžÀḂĊḊÉḞĠḢÍĴĶĹḾŃÓṖɊŔŠŢÚṾẂẊÝŽ'][i]]),
);

/** Accents the letters, but not the tags that react-i18next's Trans maps to components (`<agreement>…</agreement>`). */
export function pseudoText(text: string): string {
  return `⟦${text.replace(/(<\/?[\w-]+\s*\/?>)|[A-Za-z]/g, (c, tag?: string) => tag ?? ACCENTED[c])}⟧`;
}

/** Reads ?pseudo=1 / ?pseudo=0 from the address and remembers it for the tab. */
export function pseudoEnabled(): boolean {
  try {
    const asked = new URLSearchParams(window.location.search).get(KEY);
    if (asked === '1') sessionStorage.setItem(KEY, '1');
    if (asked === '0') sessionStorage.removeItem(KEY);
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export const pseudoProcessor: PostProcessorModule = {
  type: 'postProcessor',
  name: KEY,
  process: (value: string) => pseudoText(value),
};
