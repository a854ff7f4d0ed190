// @vitest-environment jsdom
/**
 * The user's events keep the trade pages fresh without fetching twice: an `order` event refreshes
 * the orders only, since the balances it moved come with the `balances` event that the shell's
 * useWalletEvents turns into the wallet's refresh.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { realtime } from '../../realtime/socket';
import { TEST_ORDER, testTransport } from '../../testing/realtime';
import { queryKey } from '../../api/queryKey';
import { useOrderEvents } from './api';

const { transport, handlers } = testTransport();
realtime.useTransport(() => transport);

function Page() {
  useOrderEvents();
  return null;
}

describe('trade events', () => {
  it('an order event refreshes the orders, not the wallet; the balances event refreshes the wallet, once', async () => {
    const client = new QueryClient();
    const refreshed = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const root = createRoot(document.createElement('div'));
    flushSync(() =>
      root.render(
        <QueryClientProvider client={client}>
          <Page />
        </QueryClientProvider>,
      ),
    );
    const keys = () => refreshed.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    await vi.waitFor(() => expect(handlers.has('order')).toBe(true));
    handlers.get('order')!({ order: TEST_ORDER });
    await vi.waitFor(() => expect(refreshed).toHaveBeenCalled());
    expect(keys()).toEqual([JSON.stringify(queryKey('listOrders'))]);
    root.unmount();
  });
});
