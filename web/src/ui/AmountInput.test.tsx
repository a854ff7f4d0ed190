// @vitest-environment jsdom
/**
 * The amount field keeps its input when Max appears (the balance loads after the form): the user's
 * focus and what they typed stay. It was replaced before, which emptied what a fast typist (and
 * the earn e2e test, one run in twenty) had just typed.
 */
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { AmountField } from './AmountInput';
import '../testing/matchMedia';

beforeAll(async () => {
  await initI18n({ part: 'rest' });
});

const container = document.createElement('div');
document.body.append(container);
const root = createRoot(container);
afterEach(() => flushSync(() => root.render(null)));

let setMax: (max: string | undefined) => void = () => undefined;
function Form() {
  const [text, setText] = useState('');
  const [max, set] = useState<string | undefined>(undefined);
  setMax = set;
  return <AmountField label="Amount" value={text} onChange={setText} precision={2} max={max} testId="amount" />;
}

it('keeps the same input, its focus and its text when Max appears and goes', () => {
  flushSync(() =>
    root.render(
      <MantineProvider>
        <Form />
      </MantineProvider>,
    ),
  );
  const input = container.querySelector<HTMLInputElement>('[data-testid=amount]')!;
  expect(container.querySelector('[data-testid=amount-max]')).toBeNull();
  input.focus();
  flushSync(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, '2000');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  flushSync(() => setMax('10000'));
  expect(container.querySelector('[data-testid=amount-max]')).not.toBeNull();
  expect(container.querySelector('[data-testid=amount]')).toBe(input);
  expect(document.activeElement).toBe(input);
  expect(input.value).toBe('2000');
  flushSync(() => setMax(undefined));
  expect(container.querySelector('[data-testid=amount-max]')).toBeNull();
  expect(container.querySelector('[data-testid=amount]')).toBe(input);
});
