// @vitest-environment jsdom
/** A long live list follows its data at most once per sample period; its first data shows at once. */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useSampled } from './useSampled';

function Probe({ value }: { value: number | undefined }) {
  return <span>{String(useSampled(value, 100))}</span>;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('useSampled', () => {
  it('shows the first value at once, then the latest value once per period', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    const render = (value: number | undefined) => flushSync(() => root.render(<Probe value={value} />));

    render(undefined);
    expect(container.textContent).toBe('undefined');
    render(1);
    expect(container.textContent).toBe('1');
    await wait(150);

    render(2);
    render(3);
    expect(container.textContent).toBe('1');
    await wait(250);
    expect(container.textContent).toBe('3');
    root.unmount();
  });
});
