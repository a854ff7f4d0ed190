// @vitest-environment jsdom
/** Mantine's useId as the build gives it (web/build/mantineUseId.ts): one render, a stable id. */
import { createElement, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { useId } from './mantineUseId';

it('renders once, with the id passed in or a stable mantine- id', () => {
  const seen: string[] = [];
  let rerender: () => void = () => {};
  function Probe({ id }: { id?: string }) {
    const [, set] = useState(0);
    rerender = () => set((n) => n + 1);
    seen.push(useId(id));
    return null;
  }
  const root = createRoot(document.createElement('div'));
  flushSync(() => root.render(createElement(Probe)));
  expect(seen).toHaveLength(1);
  expect(seen[0]).toMatch(/^mantine-\S+$/);
  flushSync(rerender);
  expect(seen[1]).toBe(seen[0]);
  flushSync(() => root.render(createElement(Probe, { id: 'price' })));
  expect(seen.at(-1)).toBe('price');
});
