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
import { realtime, type RealtimeTransport } from '../../realtime/socket';
import { queryKey } from '../../api/queryKey';
import { useOrderEvents } from './api';

const ORDER = {
  id: 'od_1',
  symbol: 'BTC/USDT',
  side: 'buy',
  type: 'limit',
  price: '64000.00',
  quantity: '0.01000',
  filled: '0.01000',
  filledAmount: '640',
  avgPrice: '64000.00',
  fee: '0.00001',
  feeCoin: 'BTC',
  status: 'completed',
  time: 1767225600000,
  updatedAt: 1767225660000,
};

const handlers = new Map<string, (payload: unknown) => void>();
const transport: RealtimeTransport = {
  connect: () => {},
  reconnect: () => {},
  connected: () => true,
  subscribe: () => {},
  unsubscribe: () => {},
  onStatus: () => {},
  onEvent: (event, listener) => void handlers.set(event, listener as (payload: unknown) => void),
};
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
    handlers.get('order')!({ order: ORDER });
    await vi.waitFor(() => expect(refreshed).toHaveBeenCalled());
    expect(keys()).toEqual([JSON.stringify(queryKey('listOrders'))]);
    root.unmount();
  });
});
