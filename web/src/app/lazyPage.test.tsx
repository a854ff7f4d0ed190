// @vitest-environment jsdom
/**
 * A preloaded page renders in the first pass, never behind its skeleton (React would hold the page
 * back 300 ms after a skeleton appeared); one not loaded yet shows the skeleton, then the page; a
 * failed load can be tried again.
 */
import { startTransition, Suspense } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazyPage';

const settle = () => new Promise((r) => setTimeout(r, 30));
const page = () => Promise.resolve({ default: () => <p>the page</p> });

function mount(Page: ReturnType<typeof lazyPage>) {
  const container = document.createElement('div');
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <Suspense fallback={<p>skeleton</p>}>
        <Page />
      </Suspense>,
    ),
  );
  return { container, root };
}

afterEach(() => sessionStorage.clear());

describe('lazyPage', () => {
  it('once preloaded, renders the page in the first render, without its skeleton', async () => {
    const Page = lazyPage(page);
    await Page.preload();
    const { container, root } = mount(Page);
    expect(container.textContent).toBe('the page');
    root.unmount();
  });

  it('in a transition too (the app renders its first screen in one): no skeleton on the way', async () => {
    const Page = lazyPage(page);
    await Page.preload();
    const container = document.createElement('div');
    const root = createRoot(container);
    const seen: string[] = [];
    new MutationObserver(() => seen.push(container.textContent ?? '')).observe(container, { subtree: true, childList: true, characterData: true });
    startTransition(() =>
      root.render(
        <Suspense fallback={<p>skeleton</p>}>
          <Page />
        </Suspense>,
      ),
    );
    await settle();
    expect(container.textContent).toBe('the page');
    expect(seen).not.toContain('skeleton');
    root.unmount();
  });

  it('not loaded yet: the skeleton, then the page', async () => {
    const Page = lazyPage(page);
    const { container, root } = mount(Page);
    expect(container.textContent).toBe('skeleton');
    await vi.waitFor(() => expect(container.textContent).toBe('the page'), { timeout: 2000 });
    root.unmount();
  });

  it('a failed preload is tried again by the next one', async () => {
    sessionStorage.setItem('chunk-reloaded', '1'); // the one reload after a failed chunk has happened
    let fail = true;
    const Page = lazyPage(() => (fail ? Promise.reject(new Error('offline')) : page()));
    await expect(Page.preload()).rejects.toThrow('offline');
    fail = false;
    await Page.preload();
    const { container, root } = mount(Page);
    expect(container.textContent).toBe('the page');
    root.unmount();
  });
});
