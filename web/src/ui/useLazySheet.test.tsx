// @vitest-environment jsdom
/**
 * A sheet (Drawer, Modal) is not mounted until first opened; it opens one render after mounting,
 * so its transition runs; once mounted it stays, so it can close with its transition.
 */
import { lazy, startTransition, Suspense, useState, type ComponentType } from 'react';
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

  it('a sheet in its own chunk, opened in a transition: the page stays until the chunk comes; then the sheet renders closed once and opens', async () => {
    type SheetModule = { default: ComponentType<{ opened: boolean }> };
    let loaded!: (module: SheetModule) => void;
    const LazySheet = lazy(() => new Promise<SheetModule>((resolve) => (loaded = resolve)));
    const renders: boolean[] = [];
    function Sheet({ opened }: { opened: boolean }) {
      const sheet = useLazySheet(opened);
      renders.push(sheet.opened);
      return <div data-opened={String(sheet.opened)}>sheet</div>;
    }
    let setOpen: (open: boolean) => void = () => {};
    function Page() {
      const [open, set] = useState(false);
      setOpen = set;
      const sheet = useLazySheet(open);
      return (
        <>
          <p>page</p>
          <Suspense fallback={<span>fallback</span>}>{sheet.mount && <LazySheet opened={open} />}</Suspense>
        </>
      );
    }
    const container = document.createElement('div');
    const root = createRoot(container);
    flushSync(() => root.render(<Page />));
    await settle();

    startTransition(() => setOpen(true));
    await settle();
    // The chunk is on its way: the page as it was, no fallback.
    expect(container.innerHTML).toBe('<p>page</p>');

    loaded({ default: Sheet });
    await settle();
    expect(container.querySelector('div')?.dataset.opened).toBe('true');
    // Its first render was closed, so its opening transition runs.
    expect(renders[0]).toBe(false);

    flushSync(() => setOpen(false));
    await settle();
    expect(container.querySelector('div')?.dataset.opened).toBe('false');
    root.unmount();
  });
});
