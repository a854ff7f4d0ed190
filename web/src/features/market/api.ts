/** Market data: the ticker list over REST, kept live by the `tickers` socket event. */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { components } from '../../../../contracts/generated/openapi';
import { call, getToken } from '../../api/client';
import { useRealtime } from '../../realtime/hooks';
import { realtime } from '../../realtime/socket';

export type Ticker = components['schemas']['Ticker'];

export const tickersQuery = queryOptions({
  queryKey: ['tickers'],
  queryFn: ({ signal }) => call('listTickers', { signal }),
  staleTime: 30_000,
});

/** Replaces the tickers that changed, keeping the list's order and the unchanged objects. */
export function mergeTickers(current: Ticker[] | undefined, updates: Ticker[]): Ticker[] {
  if (!current) return updates;
  const bySymbol = new Map(updates.map((t) => [t.symbol, t]));
  const merged = current.map((t) => {
    const u = bySymbol.get(t.symbol);
    bySymbol.delete(t.symbol);
    return u && u.time >= t.time ? u : t;
  });
  return bySymbol.size ? [...merged, ...bySymbol.values()] : merged;
}

/** Ticker events reach React at most this often, however fast they arrive (the first at once). */
export const TICKER_FLUSH_MS = 250;

/**
 * One feed for every component showing tickers: events are coalesced per symbol and merged into
 * the query cache at most every TICKER_FLUSH_MS, while at least one component is mounted.
 */
const feed = {
  users: 0,
  pending: new Map<string, Ticker>(),
  timer: null as ReturnType<typeof setTimeout> | null,
  lastFlush: 0,
  stop: null as (() => void) | null,
};

function flushTickers(queryClient: QueryClient) {
  feed.timer = null;
  feed.lastFlush = Date.now();
  const updates = [...feed.pending.values()];
  feed.pending.clear();
  if (updates.length) queryClient.setQueryData(tickersQuery.queryKey, (old) => mergeTickers(old, updates));
}

function joinTickerFeed(queryClient: QueryClient): () => void {
  feed.users += 1;
  if (feed.users === 1) {
    const off = realtime.on('tickers', (event) => {
      for (const t of event.tickers) feed.pending.set(t.symbol, t);
      if (feed.timer) return;
      const wait = Math.max(0, feed.lastFlush + TICKER_FLUSH_MS - Date.now());
      feed.timer = setTimeout(() => flushTickers(queryClient), wait);
    });
    const leave = realtime.subscribe('tickers');
    feed.stop = () => {
      off();
      leave();
      if (feed.timer) clearTimeout(feed.timer);
      feed.timer = null;
      feed.pending.clear();
    };
  }
  return () => {
    feed.users -= 1;
    if (feed.users === 0) feed.stop?.();
  };
}

/** All tickers, live. */
export function useTickers() {
  const queryClient = useQueryClient();
  useEffect(() => joinTickerFeed(queryClient), [queryClient]);
  return useQuery(tickersQuery);
}

// ---------------------------------------------------------------------------------------------
// K-line page: candles, order book, recent trades. Favourites.

export type Candle = components['schemas']['Candle'];
export type KlinePeriod = components['schemas']['KlinePeriod'];
export type Trade = components['schemas']['Trade'];

export const KLINE_PERIODS: KlinePeriod[] = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week', '1mon'];

export const klineQuery = (symbol: string, period: KlinePeriod) =>
  queryOptions({
    queryKey: ['kline', symbol, period],
    queryFn: ({ signal }) => call('getKline', { query: { symbol, period, limit: 200 }, signal }),
    staleTime: 10_000,
  });

export const TRADES_LIMIT = 30;

export const tradesQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['trades', symbol],
    queryFn: ({ signal }) => call('getTrades', { query: { symbol, limit: TRADES_LIMIT }, signal }),
    staleTime: 5_000,
  });

/** Recent trades, newest first, with the `trades` event prepended. */
export function useRecentTrades(symbol: string, enabled = true) {
  const queryClient = useQueryClient();
  const key = tradesQuery(symbol).queryKey;
  useRealtime(enabled ? `trades:${symbol}` : null, 'trades', (event) => {
    if (event.symbol !== symbol) return;
    queryClient.setQueryData(key, (old) => {
      const seen = new Set((old ?? []).map((t) => t.id));
      const fresh = event.trades.filter((t) => !seen.has(t.id)).sort((a, b) => b.time - a.time);
      if (!fresh.length) return old;
      return [...fresh, ...(old ?? [])].slice(0, TRADES_LIMIT);
    });
  });
  return useQuery({ ...tradesQuery(symbol), enabled });
}

export const favoritesQuery = queryOptions({
  queryKey: ['favorites'],
  queryFn: ({ signal }) => call('listFavorites', { signal }),
  staleTime: 60_000,
});

/** The user's favourite symbols (empty for a guest). */
export function useFavorites() {
  return useQuery({ ...favoritesQuery, enabled: Boolean(getToken()) });
}

export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ symbol, favorite }: { symbol: string; favorite: boolean }) =>
      call('setFavorite', { body: { symbol, favorite: favorite ? 'true' : 'false' } }),
    onMutate: ({ symbol, favorite }) => {
      const previous = queryClient.getQueryData(favoritesQuery.queryKey);
      const list = (previous ?? []).filter((s) => s !== symbol);
      queryClient.setQueryData(favoritesQuery.queryKey, favorite ? [...list, symbol] : list);
      return { previous };
    },
    onError: (_err, _vars, ctx) => queryClient.setQueryData(favoritesQuery.queryKey, ctx?.previous),
    onSuccess: (list) => queryClient.setQueryData(favoritesQuery.queryKey, list),
  });
}
