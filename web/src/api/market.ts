/**
 * Market data shared by the home, market and trade pages: the ticker list over REST, kept live by
 * the `tickers` socket event (a snapshot, then the fields that changed: realtime/tickers.ts), and a
 * symbol's recent trades, kept live by its `trades` events.
 */
import { queryOptions, replaceEqualDeep, useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { components } from '../../../contracts/generated/openapi';
import { call } from './client';
import { noteServerTime } from '../lib/serverClock';
import { throttle } from '../lib/throttle';
import { useSampled } from '../lib/useSampled';
import { useRealtime } from '../realtime/hooks';
import { realtime } from '../realtime/socket';
import { TickerStream } from '../realtime/tickers';
import { queryKey } from './queryKey';

export type Ticker = components['schemas']['Ticker'];

export const tickersQuery = queryOptions({
  queryKey: queryKey('listTickers'),
  queryFn: ({ signal }) => call('listTickers', { signal }),
  staleTime: 30_000,
  // The list itself as it comes: the feed's merge (mergeTickers) already keeps each unchanged
  // ticker's object, and comparing 200 tickers field by field on every pulse would only find that
  // again. What pages select from it (quote coins, market info) is still shared, so it stays the
  // same object while it does not change.
  structuralSharing: (previous: unknown, next: unknown) => (isTickerList(next) ? next : replaceEqualDeep(previous, next)),
});

function isTickerList(value: unknown): value is Ticker[] {
  return Array.isArray(value) && value.length > 0 && typeof value[0] === 'object' && value[0] !== null && 'last' in value[0] && 'symbol' in value[0];
}

/**
 * Replaces the tickers that changed, keeping the list's order and the unchanged objects (a REST
 * answer and the stream may cross: of two views of a symbol the later `time` wins). With `listed`
 * (a snapshot's symbols), a symbol not in it is dropped.
 */
export function mergeTickers(current: Ticker[] | undefined, updates: Ticker[], listed?: ReadonlySet<string>): Ticker[] {
  if (!current) return updates;
  const bySymbol = new Map(updates.map((t) => [t.symbol, t]));
  let merged = current.map((t) => {
    const u = bySymbol.get(t.symbol);
    bySymbol.delete(t.symbol);
    return u && u.time >= t.time ? u : t;
  });
  if (listed && merged.some((t) => !listed.has(t.symbol))) merged = merged.filter((t) => listed.has(t.symbol));
  return bySymbol.size ? [...merged, ...bySymbol.values()] : merged;
}

/**
 * One feed for every component showing tickers: the stream's events are applied as they come
 * (cheap: an update carries only what changed), and the changed tickers are merged into the query
 * cache at most every LIVE_UPDATE_MS, while at least one component is mounted. A broken chain
 * asks for a fresh snapshot.
 */
let feed: { users: number; stop: () => void } | null = null;

function joinTickerFeed(queryClient: QueryClient): () => void {
  if (!feed) {
    const stream = new TickerStream();
    const pending = new Map<string, Ticker>();
    /** The symbols of a snapshot not yet merged: the others are no longer listed. */
    let listed: Set<string> | undefined;
    const flush = throttle(() => {
      const updates = [...pending.values()];
      const only = listed;
      pending.clear();
      listed = undefined;
      if (updates.length || only) queryClient.setQueryData(tickersQuery.queryKey, (old) => mergeTickers(old, updates, only));
    });
    const off = realtime.on('tickers', (event) => {
      noteServerTime(event.time);
      const step = stream.apply(event);
      if (step.kind === 'resync') return realtime.resync('tickers');
      if (step.kind === 'ignored') return;
      if (step.kind === 'snapshot') {
        pending.clear();
        listed = new Set(step.tickers.map((t) => t.symbol));
      }
      for (const t of step.tickers) pending.set(t.symbol, t);
      flush.request();
    });
    const leave = realtime.subscribe('tickers');
    feed = {
      users: 0,
      stop: () => {
        off();
        leave();
        flush.cancel();
        feed = null;
      },
    };
  }
  const mine = feed;
  mine.users += 1;
  return () => {
    mine.users -= 1;
    if (mine.users === 0) mine.stop();
  };
}

/**
 * All tickers, live; with `select` (a stable function), only what it picks: the component then
 * re-renders only when that changes (TanStack Query shares structure between results).
 */
export function useTickers(): UseQueryResult<Ticker[]>;
export function useTickers<T>(select: (list: Ticker[]) => T): UseQueryResult<T>;
export function useTickers<T>(select?: (list: Ticker[]) => T) {
  const queryClient = useQueryClient();
  useEffect(() => joinTickerFeed(queryClient), [queryClient]);
  return useQuery({ ...tickersQuery, select });
}

/**
 * All tickers as they were on the last pulse of `ms` (lib/useSampled), for a long live list: the
 * caller re-renders when the list is sampled or the query's status changes, not on every pulse.
 */
export function useSampledTickers(ms: number) {
  const queryClient = useQueryClient();
  // Only the status is read from the query (TanStack re-renders for the properties read).
  const { isPending, isError, refetch } = useTickers();
  const read = useCallback(() => queryClient.getQueryData<Ticker[]>(tickersQuery.queryKey), [queryClient]);
  return { data: useSampled(read, ms), isPending, isError, refetch };
}

/** One symbol's live ticker (undefined until loaded or for an unknown symbol). */
export function useTicker(symbol: string): Ticker | undefined {
  const select = useCallback((list: Ticker[]) => list.find((t) => t.symbol === symbol), [symbol]);
  return useTickers(select).data;
}

/** A symbol's ticker as the cache holds it now, without following it (a form's starting value). */
export function tickerNow(queryClient: QueryClient, symbol: string): Ticker | undefined {
  return queryClient.getQueryData(tickersQuery.queryKey)?.find((t) => t.symbol === symbol);
}

/** What does not move about a symbol: enough to lay out its pages without re-rendering on ticks. */
export type MarketInfo = Pick<Ticker, 'symbol' | 'base' | 'quote' | 'pricePrecision' | 'amountPrecision' | 'quotePrecision' | 'settlementPrecision'>;

const selectMarkets = (list: Ticker[]): MarketInfo[] =>
  list.map(({ symbol, base, quote, pricePrecision, amountPrecision, quotePrecision, settlementPrecision }) => ({
    symbol,
    base,
    quote,
    pricePrecision,
    amountPrecision,
    quotePrecision,
    settlementPrecision,
  }));

/** Every symbol's static information; re-renders only when a symbol is listed or delisted. */
export function useMarkets() {
  return useTickers(selectMarkets);
}

/** One symbol's static information (undefined until loaded or for an unknown symbol). */
export function useMarketInfo(symbol: string): MarketInfo | undefined {
  return useMarkets().data?.find((m) => m.symbol === symbol);
}

// ---------------------------------------------------------------------------------------------
// Recent public trades of a symbol.

export type Trade = components['schemas']['Trade'];

export const TRADES_LIMIT = 30;

const tradesQuery = (symbol: string) =>
  queryOptions({
    queryKey: queryKey('getTrades', { symbol, limit: TRADES_LIMIT }),
    queryFn: ({ signal }) => call('getTrades', { query: { symbol, limit: TRADES_LIMIT }, signal }),
    staleTime: 5_000,
  });

/** Prepends new trades (newest first), skipping ones already listed, keeping TRADES_LIMIT. */
export function mergeTrades(old: Trade[] | undefined, incoming: Trade[]): Trade[] | undefined {
  const seen = new Set((old ?? []).map((t) => t.id));
  const fresh = incoming.filter((t) => !seen.has(t.id)).sort((a, b) => b.time - a.time);
  if (!fresh.length) return old;
  return [...fresh, ...(old ?? [])].slice(0, TRADES_LIMIT);
}

/** Recent trades, newest first, with the `trades` events prepended (at most every LIVE_UPDATE_MS). */
export function useRecentTrades(symbol: string, enabled = true) {
  const queryClient = useQueryClient();
  // Trades arriving between two pulses, merged into the cache in one go.
  const feed = useMemo(() => {
    const pending: Trade[] = [];
    const flush = throttle(() => {
      const batch = pending.splice(0);
      if (batch.length) queryClient.setQueryData(tradesQuery(symbol).queryKey, (old) => mergeTrades(old, batch));
    });
    return { pending, flush };
  }, [queryClient, symbol]);
  useEffect(() => () => feed.flush.cancel(), [feed]);
  useRealtime(enabled ? `trades:${symbol}` : null, 'trades', (event) => {
    if (event.symbol !== symbol) return;
    feed.pending.push(...event.trades);
    feed.flush.request();
  });
  return useQuery({ ...tradesQuery(symbol), enabled });
}
