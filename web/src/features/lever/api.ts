/**
 * Lever contracts: the symbols and their terms, the user's lever account and orders (positions,
 * delegations, history) page by page, and every change (open, cancel, take-profit / stop-loss,
 * close, close all). The `leverOrder` and `leverAccount` user events keep them live; prices come
 * from the tickers (api/market), from which the pages compute P/L and the risk rate.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { OpBody } from '../../../../contracts/generated/operations';
import { call, getToken, newIdempotencyKey } from '../../api/client';
import { useMarkets, useTickers, type Ticker } from '../../api/market';
import { queryKey } from '../../api/queryKey';
import { walletQuery } from '../../api/wallet';
import { useRealtime } from '../../realtime/hooks';
import type { LastPrices, LeverAccount, LeverOrder } from './forms/leverMath';

export type LeverFilter = 'open' | 'delegating' | 'history';
type LeverOrderPage = { items: LeverOrder[]; page: number; pageSize: number; total: number };

const leverSymbolsQuery = queryOptions({
  queryKey: queryKey('listLeverSymbols'),
  queryFn: ({ signal }) => call('listLeverSymbols', { signal }),
  staleTime: 5 * 60_000,
});

// Fetched again whenever a lever page mounts: a transfer made elsewhere changes it while no page listens to its event.
const leverAccountQuery = queryOptions({
  queryKey: queryKey('getLeverAccount'),
  queryFn: ({ signal }) => call('getLeverAccount', { signal }),
});

/** Open positions are read whole (the live totals need them all): large pages. */
const PAGE_SIZE: Record<LeverFilter, number> = { open: 100, delegating: 20, history: 20 };

const leverOrdersQuery = (status: LeverFilter) =>
  infiniteQueryOptions({
    queryKey: queryKey('listLeverOrders', { status }),
    queryFn: ({ pageParam, signal }) => call('listLeverOrders', { query: { status, page: pageParam, pageSize: PAGE_SIZE[status] }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

export const useLeverSymbols = () => useQuery(leverSymbolsQuery);

/** A symbol's price places: from its lever terms, else its ticker, else 2. */
export function usePricePlaces(): (symbol: string) => number {
  const { data: symbols } = useLeverSymbols();
  const { data: markets } = useMarkets();
  return (symbol) => symbols?.find((s) => s.symbol === symbol)?.pricePrecision ?? markets?.find((m) => m.symbol === symbol)?.pricePrecision ?? 2;
}

export const useLeverAccount = () => useQuery({ ...leverAccountQuery, enabled: Boolean(getToken()) });

export const useLeverOrders = (status: LeverFilter) => useInfiniteQuery({ ...leverOrdersQuery(status), enabled: Boolean(getToken()) });

/** Every loaded order of a list, newest first. */
export const ordersOf = (data: InfiniteData<LeverOrderPage> | undefined): LeverOrder[] => data?.pages.flatMap((p) => p.items) ?? [];

const selectLasts = (list: Ticker[]): Record<string, string> => Object.fromEntries(list.map((t) => [t.symbol, t.last]));

/** The last price of every symbol, live (re-renders when one moves, at most on the live pulse). */
export function useLastPrices(): LastPrices {
  return useTickers(selectLasts).data ?? EMPTY;
}
const EMPTY: LastPrices = {};

/** The statuses each list shows. */
const LISTS: Record<LeverFilter, ReadonlyArray<LeverOrder['status']>> = { open: ['dealing'], delegating: ['delegating'], history: ['closed', 'cancelled'] };

/**
 * Puts a changed order into every cached list that shows it, or takes it out of one whose status it
 * left (a delegation that opened, a position that closed); a list it joins is refetched.
 */
function patchOrder(queryClient: QueryClient, order: LeverOrder) {
  for (const [key, old] of queryClient.getQueriesData<InfiniteData<LeverOrderPage>>({ queryKey: queryKey('listLeverOrders') })) {
    const status = (key[1] as { status?: LeverFilter } | undefined)?.status;
    if (!old || !status) continue;
    const keep = LISTS[status].includes(order.status);
    queryClient.setQueryData<InfiniteData<LeverOrderPage>>(key, {
      ...old,
      pages: old.pages.map((p) => ({
        ...p,
        items: p.items.flatMap((o) => (o.id !== order.id || o.updatedAt > order.updatedAt ? [o] : keep ? [order] : [])),
      })),
    });
  }
}

function refreshAll(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKey('listLeverOrders') });
  void queryClient.invalidateQueries({ queryKey: leverAccountQuery.queryKey });
  void queryClient.invalidateQueries({ queryKey: walletQuery.queryKey });
}

/**
 * Keeps lever orders and the account live from the user's events: an order is patched where it
 * is listed at once, then the lists are refetched (it may have moved between them); the account
 * is replaced by the newer one.
 */
export function useLeverEvents(): void {
  const queryClient = useQueryClient();
  useRealtime(null, 'leverOrder', ({ order }) => {
    patchOrder(queryClient, order);
    void queryClient.invalidateQueries({ queryKey: queryKey('listLeverOrders') });
  });
  useRealtime(null, 'leverAccount', (account: LeverAccount) => {
    queryClient.setQueryData(leverAccountQuery.queryKey, (old) => (old && old.time > account.time ? old : account));
    void queryClient.invalidateQueries({ queryKey: walletQuery.queryKey });
  });
}

function useRefreshAll() {
  const queryClient = useQueryClient();
  return useCallback(() => refreshAll(queryClient), [queryClient]);
}

/**
 * Opens a position or places a delegation; one idempotency key per submission, so a retry of the
 * same submission never opens two positions.
 */
export function useOpenLever() {
  const done = useRefreshAll();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (body: OpBody<'openLever'>) => {
      key.current ??= newIdempotencyKey();
      return call('openLever', { body, idempotencyKey: key.current });
    },
    onSuccess: done,
    onSettled: () => {
      key.current = null;
    },
  });
}

export function useCancelLever() {
  const done = useRefreshAll();
  return useMutation({ mutationFn: (id: string) => call('cancelLever', { body: { id } }), onSettled: done });
}

export function useSetLeverTpSl() {
  const done = useRefreshAll();
  return useMutation({ mutationFn: (body: OpBody<'setLeverTpSl'>) => call('setLeverTpSl', { body }), onSuccess: done });
}

/** What the close sheet sends: a close at market (all or part), or a close order at a limit price. */
export type CloseRequest = { op: 'closeLever'; body: OpBody<'closeLever'> } | { op: 'placeLeverCloseOrder'; body: OpBody<'placeLeverCloseOrder'> };

/**
 * Closes a position or part of it, or places its close order; one idempotency key per submission,
 * so a retry of the same submission never closes twice. Answers what closed (closeLever) or the
 * position after (placeLeverCloseOrder).
 */
export function useClosePart() {
  const done = useRefreshAll();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (req: CloseRequest) => {
      key.current ??= newIdempotencyKey();
      const idempotencyKey = key.current;
      return req.op === 'closeLever'
        ? call('closeLever', { body: req.body, idempotencyKey })
        : call('placeLeverCloseOrder', { body: req.body, idempotencyKey });
    },
    onSettled: () => {
      key.current = null;
      done();
    },
  });
}

export function useCancelCloseOrder() {
  const done = useRefreshAll();
  return useMutation({ mutationFn: (id: string) => call('cancelLeverCloseOrder', { body: { id } }), onSettled: done });
}

export function useCloseAllLever() {
  const done = useRefreshAll();
  return useMutation({ mutationFn: () => call('closeAllLever'), onSettled: done });
}
