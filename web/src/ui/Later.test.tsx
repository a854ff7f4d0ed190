// @vitest-environment jsdom
/** A page's lower sections render one task after the rest of the page, not in the same render. */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { Later } from './Later';

describe('Later', () => {
  it('renders nothing with the page, then its children a task later', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    flushSync(() =>
      root.render(
        <div>
          <p>first screen</p>
          <Later>
            <p>recent trades</p>
          </Later>
        </div>,
      ),
    );
    expect(container.textContent).toBe('first screen');
    await new Promise((r) => setTimeout(r, 30));
    expect(container.textContent).toBe('first screenrecent trades');
    root.unmount();
  });

  it('shows its fallback until then', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    flushSync(() =>
      root.render(
        <Later fallback={<p>loading</p>}>
          <p>list</p>
        </Later>,
      ),
    );
    expect(container.textContent).toBe('loading');
    await new Promise((r) => setTimeout(r, 30));
    expect(container.textContent).toBe('list');
    root.unmount();
  });
});
