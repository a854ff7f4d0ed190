// @vitest-environment jsdom
/** A form's messages in the user's language: params shown for the locale, the server's words as they came. */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { beforeAll, expect, it } from 'vitest';
import { initI18n } from './index';
import { useMessage } from './useMessage';

beforeAll(async () => {
  await initI18n({ part: 'rest' });
});

function texts(isolateAmounts: boolean): (string | undefined)[] {
  let out: (string | undefined)[] = [];
  function Probe() {
    const say = useMessage({ isolateAmounts });
    out = [
      say({ key: 'funds.withdraw.belowMin', params: { min: '10.000000', coin: 'USDT' } }),
      say({ key: 'funds.withdraw.overLimitLeft', params: { left: { amount: '2000', places: 2 } } }),
      say({ key: 'funds.amountProblem.precision', params: { coin: 'USDT', precision: 6 } }),
      say({ text: 'Incorrect transaction password' }),
      say(undefined),
      say(null),
    ];
    return null;
  }
  const root = createRoot(document.createElement('div'));
  flushSync(() => root.render(<Probe />));
  root.unmount();
  return out;
}

const FSI = '\u2068';
const PDI = '\u2069';

it('translates a key with its decimals exact or at their places, and passes the server words through', () => {
  expect(texts(false)).toEqual([
    'The minimum withdrawal is 10 USDT',
    'Only 2,000.00 USDT is left of your 24 h limit',
    'USDT amounts have at most 6 decimal places',
    'Incorrect transaction password',
    undefined,
    undefined,
  ]);
});

it('isolates the amounts of the dictionary messages when asked (not the words of the server)', () => {
  expect(texts(true).slice(0, 4)).toEqual([
    `The minimum withdrawal is ${FSI}10 USDT${PDI}`,
    `Only ${FSI}2,000.00 USDT${PDI} is left of your 24 h limit`,
    'USDT amounts have at most 6 decimal places',
    'Incorrect transaction password',
  ]);
});
