/**
 * Spot trading queries and mutations: recent trades (live over `trades:{symbol}`), the user's
 * orders page by page (live through the `order` user event), placing and cancelling orders.
 */
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { components } from '../../../../contracts/generated/openapi';
import type { OpBody } from '../../../../contracts/generated/operations';
import { call, getToken, newIdempotencyKey } from '../../api/client';
import { useSettings } from '../../api/settings';
import { useRealtime, useRealtimeResync, useRefreshUnlessLive } from '../../realtime/hooks';
import { walletQuery } from '../../api/wallet';
import { queryKey } from '../../api/queryKey';

type Schemas = components['schemas'];
export type Order = Schemas['Order'];
export type Trade = Schemas['Trade'];
export type OrderFilter = 'open' | 'history' | 'all';

/** The spot fee rate as a fraction ("0.001" = 0.1 %), from the server's settings; undefined until they load. */
export const useSpotFeeRate = (): string | undefined => useSettings().data?.spotFeeRate;

const ordersQuery = (status: OrderFilter, symbol?: string) =>
  infiniteQueryOptions({
    queryKey: queryKey('listOrders', { status, ...(symbol ? { symbol } : {}) }),
    queryFn: ({ pageParam, signal }) => call('listOrders', { query: { status, ...(symbol ? { symbol } : {}), page: pageParam, pageSize: 20 }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

export const useOrders = (status: OrderFilter, symbol?: string) => useInfiniteQuery({ ...ordersQuery(status, symbol), enabled: Boolean(getToken()) });

/**
 * Keeps the orders fresh from the user's `order` events, and reads them again when the live
 * connection comes back (what it missed). The balances an order moves come with the `balances`
 * event that every change of the ledger sends (useWalletEvents, mounted by the shell).
 */
export function useOrderEvents(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKey('listOrders') });
  useRealtime(null, 'order', refresh);
  useRealtimeResync(refresh);
}

/** An order placed or cancelled: the `order` and `balances` events refresh orders and wallet (see useRefreshUnlessLive). */
const ORDER_READS = [queryKey('listOrders'), walletQuery.queryKey];
const useOrderChanged = () => useRefreshUnlessLive(ORDER_READS);

/** Places an order; one idempotency key per form submission so a retry never places it twice. */
export function usePlaceOrder() {
  const done = useOrderChanged();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (body: OpBody<'placeOrder'>) => {
      key.current ??= newIdempotencyKey();
      return call('placeOrder', { body, idempotencyKey: key.current });
    },
    onSuccess: done,
    onSettled: () => {
      key.current = null;
    },
  });
}

/** Moves a coin from the funds account into the exchange account (the trade form's inline transfer). */
export function useTransferIn() {
  const done = useRefreshUnlessLive([walletQuery.queryKey]);
  // Each submission carries the client's own idempotency key (kept across its transport retries).
  return useMutation({
    mutationFn: (body: { coin: string; amount: string }) => call('transfer', { body: { ...body, from: 'funds', to: 'exchange' } }),
    onSuccess: done,
  });
}

/** Cancels an order; a refusal (it filled meanwhile, say) reads the orders and wallet again at once. */
export function useCancelOrder() {
  const done = useOrderChanged();
  const queryClient = useQueryClient();
  const stale = () => ORDER_READS.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
  return useMutation({ mutationFn: (id: string) => call('cancelOrder', { body: { id } }), onSuccess: done, onError: stale });
}
