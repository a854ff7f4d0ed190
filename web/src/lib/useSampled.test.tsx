// @vitest-environment jsdom
/** A long live list follows its data at most once per sample period, without a render between; its first data shows at once. */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useSampled } from './useSampled';

let value: number | undefined;
const read = () => value;
let renders = 0;

function Probe() {
  renders += 1;
  return <span>{String(useSampled(read, 100))}</span>;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('useSampled', () => {
  it('shows the first value at once, then the latest value once per period, rendering only when it changed', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    const render = () => flushSync(() => root.render(<Probe />));

    value = undefined;
    render();
    expect(container.textContent).toBe('undefined');
    // The data arrives and something else re-renders the list (its status, say): it shows at once.
    value = 1;
    render();
    expect(container.textContent).toBe('1');
    await wait(150);

    value = 2;
    value = 3;
    expect(container.textContent).toBe('1');
    await wait(250);
    expect(container.textContent).toBe('3');

    // Nothing moves: the samples render nothing.
    const before = renders;
    await wait(350);
    expect(renders).toBe(before);
    expect(container.textContent).toBe('3');
    root.unmount();
  });
});
