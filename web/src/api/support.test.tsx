// @vitest-environment jsdom
/**
 * The support badge's count: an agent message pushed while the first read of the count is still
 * on its way wins over that read's older answer (a CI run once showed no badge for it).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { realtime } from '../realtime/socket';
import { testTransport } from '../testing/realtime';
import { useSupportUnread } from './support';

let answer: (value: { unread: number }) => void = () => {};
vi.mock('./client', async (original) => ({
  ...(await original<typeof import('./client')>()),
  getToken: () => 'token',
  credential: () => 'token',
  call: vi.fn(() => new Promise((resolve) => (answer = resolve))),
}));

const { transport, handlers } = testTransport();
realtime.useTransport(() => transport);

let shown: number | undefined;
function Badge() {
  shown = useSupportUnread();
  return null;
}

describe('support unread count', () => {
  it('an agent message during the first read is counted, not overwritten by the read asked before it', async () => {
    const client = new QueryClient();
    const root = createRoot(document.createElement('div'));
    flushSync(() =>
      root.render(
        <QueryClientProvider client={client}>
          <Badge />
        </QueryClientProvider>,
      ),
    );
    await vi.waitFor(() => expect(handlers.has('supportMessage')).toBe(true));
    const stale = answer;
    handlers.get('supportMessage')!({ message: { id: 'sm_1', from: 'agent', text: 'Hello', time: 1, read: false }, unread: 1 });
    await vi.waitFor(() => expect(shown).toBe(1));
    // The read asked before the message answers now, with the count before it.
    stale({ unread: 0 });
    await new Promise((r) => setTimeout(r, 50));
    expect(shown).toBe(1);
    root.unmount();
  });
});
