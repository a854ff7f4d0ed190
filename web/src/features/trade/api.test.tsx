// @vitest-environment jsdom
/**
 * The user's events keep the trade pages fresh without fetching twice: an `order` event refreshes
 * the orders only, since the balances it moved come with the `balances` event that the shell's
 * useWalletEvents turns into the wallet's refresh; an order placed refreshes nothing itself while
 * those events come, and what a dropped connection missed is read again when it is back.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { realtime } from '../../realtime/socket';
import { TEST_ORDER, testTransport } from '../../testing/realtime';
import { queryKey } from '../../api/queryKey';
import { useRefreshUnlessLive } from '../../realtime/hooks';
import { walletQuery } from '../../api/wallet';
import { useOrderEvents } from './api';

const { transport, handlers, status } = testTransport();
realtime.useTransport(() => transport);

let orderChanged: () => void = () => {};
function Page() {
  useOrderEvents();
  orderChanged = useRefreshUnlessLive([queryKey('listOrders'), walletQuery.queryKey]);
  return null;
}

function mount() {
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
  return { root, refreshed, keys };
}

describe('trade events', () => {
  it('an order event refreshes the orders, not the wallet; the balances event refreshes the wallet, once', async () => {
    const { root, refreshed, keys } = mount();
    await vi.waitFor(() => expect(handlers.has('order')).toBe(true));
    handlers.get('order')!({ order: TEST_ORDER });
    await vi.waitFor(() => expect(refreshed).toHaveBeenCalled());
    expect(keys()).toEqual([JSON.stringify(queryKey('listOrders'))]);
    root.unmount();
  });

  it('an order placed while the connection is up refreshes nothing itself; without it, the orders and the wallet', async () => {
    const { root, refreshed, keys } = mount();
    await vi.waitFor(() => expect(handlers.has('order')).toBe(true));
    status('connected');
    refreshed.mockClear();
    orderChanged();
    expect(refreshed).not.toHaveBeenCalled();
    status('disconnected');
    orderChanged();
    expect(keys()).toEqual([JSON.stringify(queryKey('listOrders')), JSON.stringify(walletQuery.queryKey)]);
    root.unmount();
  });

  it('when the connection comes back, the orders are read again (their events while it was down are lost)', async () => {
    const { root, refreshed, keys } = mount();
    await vi.waitFor(() => expect(handlers.has('order')).toBe(true));
    status('disconnected');
    refreshed.mockClear();
    status('connected');
    expect(keys()).toEqual([JSON.stringify(queryKey('listOrders'))]);
    root.unmount();
  });
});
