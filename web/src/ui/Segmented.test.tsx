// @vitest-environment jsdom
/**
 * The segmented control is a radio group: one radio per choice, the current one checked, a click
 * on a choice's label chooses it (as a finger does), a disabled choice cannot be chosen, and two
 * groups on one page do not share their radios.
 */
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import { Segmented } from './Segmented';

const container = document.createElement('div');
document.body.append(container);
const root = createRoot(container);
afterEach(() => flushSync(() => root.render(null)));

const chosen: string[] = [];
function Pair({ disabled }: { disabled?: boolean }) {
  const [kind, setKind] = useState<'limit' | 'market'>('limit');
  const [coin, setCoin] = useState('USDT');
  return (
    <>
      <Segmented
        aria-label="Order type"
        value={kind}
        onChange={(v) => {
          chosen.push(v);
          setKind(v);
        }}
        data={[
          { value: 'limit', label: 'Limit' },
          { value: 'market', label: 'Market', disabled },
        ]}
      />
      <Segmented aria-label="Coin" value={coin} onChange={setCoin} data={['USDT', 'BTC']} />
    </>
  );
}

const radios = (group: string) => [...container.querySelectorAll<HTMLInputElement>(`[role=radiogroup][aria-label="${group}"] input[type=radio]`)];
const labelOf = (text: string) => [...container.querySelectorAll('label')].find((l) => l.textContent === text)!;

it('checks the current choice, and a click on another choice chooses it', () => {
  chosen.length = 0;
  flushSync(() => root.render(<Pair />));
  expect(radios('Order type').map((r) => [r.value, r.checked])).toEqual([
    ['limit', true],
    ['market', false],
  ]);
  flushSync(() => labelOf('Market').click());
  expect(chosen).toEqual(['market']);
  expect(radios('Order type').map((r) => r.checked)).toEqual([false, true]);
  // The other group is untouched: its radios have a name of their own.
  expect(radios('Coin').map((r) => [r.value, r.checked])).toEqual([
    ['USDT', true],
    ['BTC', false],
  ]);
  expect(radios('Coin')[0].name).not.toBe(radios('Order type')[0].name);
});

it('a plain string is its own label, and a disabled choice cannot be chosen', () => {
  chosen.length = 0;
  flushSync(() => root.render(<Pair disabled />));
  expect(labelOf('BTC')).toBeTruthy();
  flushSync(() => labelOf('Market').click());
  expect(chosen).toEqual([]);
  expect(radios('Order type')[1].disabled).toBe(true);
  expect(radios('Order type')[0].checked).toBe(true);
});
