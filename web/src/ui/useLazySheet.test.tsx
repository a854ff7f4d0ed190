// @vitest-environment jsdom
/**
 * A sheet (Drawer, Modal) is not mounted until first opened; it opens one render after mounting,
 * so its transition runs; once mounted it stays, so it can close with its transition.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useLazySheet } from './useLazySheet';

function Probe({ open }: { open: boolean }) {
  const sheet = useLazySheet(open);
  return sheet.mount ? <div data-opened={String(sheet.opened)}>sheet</div> : null;
}

const settle = () => new Promise((r) => setTimeout(r, 30));

describe('useLazySheet', () => {
  it('mounts on first open, closed for one render, then opened; stays mounted once closed', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    const render = (open: boolean) => flushSync(() => root.render(<Probe open={open} />));

    render(false);
    await settle();
    expect(container.innerHTML).toBe('');

    render(true);
    expect(container.querySelector('div')?.dataset.opened).toBe('false');
    await settle();
    expect(container.querySelector('div')?.dataset.opened).toBe('true');

    render(false);
    await settle();
    expect(container.querySelector('div')?.dataset.opened).toBe('false');
    root.unmount();
  });
});
