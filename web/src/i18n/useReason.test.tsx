// @vitest-environment jsdom
/**
 * The user's language everywhere (issue #37, item 3): why a deposit was not credited or a review was
 * rejected reads in the reader's language from the server's code, with amounts in their digits; a
 * code the app does not know shows the server's English; no reason, nothing.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../../locales/de.json';
import i18n, { initI18n, loadStrings } from '.';
import { useReason } from './useReason';

let say: ReturnType<typeof useReason> = () => undefined;
function Probe() {
  say = useReason();
  return null;
}

describe('useReason', () => {
  beforeAll(async () => {
    await initI18n();
    await i18n.changeLanguage('de');
    await loadStrings('rest');
    flushSync(() => createRoot(document.createElement('div')).render(<Probe />));
  });

  it('says a known code in German, with the amount in German digits', () => {
    const text = say('below_min_deposit', 'Below the minimum deposit of 1000.5 USDT: not credited', { min: '1000.500000', coin: 'USDT' })!;
    expect(text.replace(/[\u2066-\u2069]/g, '')).toContain('1.000,5 USDT');
    expect(text).not.toContain('Below');
    expect(say('photos_unclear', 'The ID photos are unclear, please upload them again')).toBe(de.reasons.photos_unclear);
  });

  it("shows the server's English for a code it does not know, and nothing without a reason", () => {
    expect(say('new_code' as never, 'A reason from a newer server')).toBe('A reason from a newer server');
    expect(say(undefined, undefined)).toBeUndefined();
  });
});
