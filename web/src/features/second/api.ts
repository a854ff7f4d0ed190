/**
 * Second contracts: the terms, the user's running and settled contracts (running whole, settled
 * page by page), and buying one. The `secondOrder` user event keeps the lists live and announces
 * each settlement; balances come from the wallet (the `balances` event refreshes it).
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useRef } from 'react';
import type { OpBody } from '../../../../contracts/generated/operations';
import { call, getToken, newIdempotencyKey } from '../../api/client';
import { queryKey } from '../../api/queryKey';
import { walletQuery } from '../../api/wallet';
import { useRealtime } from '../../realtime/hooks';
import type { SecondOrder } from './forms/secondForm';

export type SecondFilter = 'running' | 'settled';
type SecondOrderPage = { items: SecondOrder[]; page: number; pageSize: number; total: number };

const termsQuery = queryOptions({
  queryKey: queryKey('getSecondTerms'),
  queryFn: ({ signal }) => call('getSecondTerms', { signal }),
  staleTime: 5 * 60_000,
});

/** Running contracts are read whole (at most `maxRunning`, 20 by default): one large page. */
const PAGE_SIZE: Record<SecondFilter, number> = { running: 100, settled: 20 };

const ordersQuery = (status: SecondFilter) =>
  infiniteQueryOptions({
    queryKey: queryKey('listSecondOrders', { status }),
    queryFn: ({ pageParam, signal }) => call('listSecondOrders', { query: { status, page: pageParam, pageSize: PAGE_SIZE[status] }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

export const useSecondTerms = () => useQuery(termsQuery);

export const useSecondOrders = (status: SecondFilter) => useInfiniteQuery({ ...ordersQuery(status), enabled: Boolean(getToken()) });

/** Every loaded order of a list, newest first. */
export const ordersOf = (data: InfiniteData<SecondOrderPage> | undefined): SecondOrder[] => data?.pages.flatMap((p) => p.items) ?? [];

/**
 * Keeps the lists live from the user's `secondOrder` events: a bought contract joins the running
 * list at once, a settled one leaves it (the settled list is refetched) and `onSettled` hears it.
 */
export function useSecondEvents(onSettled: (order: SecondOrder) => void): void {
  const queryClient = useQueryClient();
  useRealtime(null, 'secondOrder', ({ order }) => {
    const running = ordersQuery('running').queryKey;
    queryClient.setQueryData<InfiniteData<SecondOrderPage>>(running, (old) => {
      if (!old) return old;
      const [first, ...rest] = old.pages.map((p) => ({ ...p, items: p.items.filter((o) => o.id !== order.id) }));
      if (order.status === 'running') first.items = [order, ...first.items];
      const total = old.pages.flatMap((p) => p.items).filter((o) => o.id !== order.id).length + (order.status === 'running' ? 1 : 0);
      return { ...old, pages: [{ ...first, total }, ...rest] };
    });
    if (order.status === 'settled') {
      void queryClient.invalidateQueries({ queryKey: queryKey('listSecondOrders') });
      onSettled(order);
    }
    void queryClient.invalidateQueries({ queryKey: walletQuery.queryKey });
  });
}

/** Buys a contract; one idempotency key per submission, so a retry never buys twice. */
export function useBuySecond() {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (body: OpBody<'buySecond'>) => {
      key.current ??= newIdempotencyKey();
      return call('buySecond', { body, idempotencyKey: key.current });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKey('listSecondOrders') });
      void queryClient.invalidateQueries({ queryKey: walletQuery.queryKey });
    },
    onSettled: () => {
      key.current = null;
    },
  });
}

/** The last hour of one-minute candles of a symbol, for the page's small chart. */
export const historyQuery = (symbol: string) =>
  queryOptions({
    queryKey: queryKey('getKline', { symbol, period: '1min', limit: 60 }),
    queryFn: ({ signal }) => call('getKline', { query: { symbol, period: '1min', limit: 60 }, signal }),
    staleTime: 60_000,
  });
