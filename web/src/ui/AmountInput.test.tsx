// @vitest-environment jsdom
/**
 * The amount field keeps its input when Max appears (the balance loads after the form): the user's
 * focus and what they typed stay. It was replaced before, which emptied what a fast typist (and
 * the earn e2e test, one run in twenty) had just typed.
 *
 * It reads and shows numbers the user's language's way (issue #37): a German "0,01" stayed on
 * screen as "0.01" before, and a Max of 1234.56 showed as "1234.56" beside "1.234,56".
 */
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, expect, it } from 'vitest';
import i18n from 'i18next';
import { initI18n } from '../i18n';
import { AmountField } from './AmountInput';
import '../testing/matchMedia';

beforeAll(async () => {
  await initI18n({ part: 'rest' });
});

const container = document.createElement('div');
document.body.append(container);
const root = createRoot(container);
afterEach(async () => {
  flushSync(() => root.render(null));
  await i18n.changeLanguage('en');
});

let setMax: (max: string | undefined) => void = () => undefined;
/** What the form was handed, each time. */
let handed: string[] = [];
let shown = 0;
function Form({ initialMax }: { initialMax?: string }) {
  const [text, setText] = useState('');
  const [max, set] = useState<string | undefined>(initialMax);
  setMax = set;
  const onChange = (v: string) => {
    handed.push(v);
    setText(v);
  };
  return <AmountField label="Amount" value={text} onChange={onChange} precision={2} max={max} testId="amount" />;
}

function show(initialMax?: string) {
  handed = [];
  flushSync(() =>
    root.render(
      <MantineProvider>
        <Form key={++shown} initialMax={initialMax} />
      </MantineProvider>,
    ),
  );
  return container.querySelector<HTMLInputElement>('[data-testid=amount]')!;
}

/** Types `text` one character at a time, as a keyboard does. */
function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  for (const c of text)
    flushSync(() => {
      setter.call(input, input.value + c);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
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

it('keeps a German "0,01" as typed and hands the form "0.01"', async () => {
  await i18n.changeLanguage('de');
  const input = show();
  type(input, '0,01');
  expect(input.value).toBe('0,01');
  expect(handed.at(-1)).toBe('0.01');
  // A second decimal mark is refused; leaving the field keeps the German form.
  type(input, ',');
  expect(input.value).toBe('0,01');
  flushSync(() => input.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
  expect(input.value).toBe('0,01');
});

it('fills Max the German way ("1.234,56") and groups what was typed once the field is left', async () => {
  await i18n.changeLanguage('de');
  const input = show('1234.5678');
  flushSync(() => container.querySelector<HTMLButtonElement>('[data-testid=amount-max]')!.click());
  expect(input.value).toBe('1.234,56');
  expect(handed.at(-1)).toBe('1234.56');
  flushSync(() => setMax(undefined));
  type(input, '7');
  expect(input.value).toBe('1.234,567'); // as typed, not reformatted under the caret
  expect(handed.at(-1)).toBe('1234.567');
  const plain = show();
  type(plain, '12345,5');
  expect(plain.value).toBe('12345,5');
  flushSync(() => plain.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
  expect(plain.value).toBe('12.345,5');
  expect(handed.at(-1)).toBe('12345.5');
});

it('takes Arabic-Indic digits and the Arabic decimal separator, and shows Latin digits once left', async () => {
  await i18n.changeLanguage('ar');
  const input = show();
  type(input, '١٢٣٤٫٥');
  expect(input.value).toBe('١٢٣٤٫٥');
  expect(handed.at(-1)).toBe('1234.5');
  flushSync(() => input.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
  expect(input.value).toBe('1,234.5');
});

it('drops a minus sign: amounts are positive', () => {
  const input = show();
  type(input, '-5');
  expect(input.value).toBe('5');
  expect(handed).not.toContain('-5');
});
