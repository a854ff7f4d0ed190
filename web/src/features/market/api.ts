/** Market data: the ticker list over REST, kept live by the `tickers` socket event. */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../contracts/generated/openapi';
import { call } from '../../api/client';
import { useRealtime } from '../../realtime/hooks';

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

/** All tickers, live. */
export function useTickers() {
  const queryClient = useQueryClient();
  useRealtime('tickers', 'tickers', (event) => {
    queryClient.setQueryData(tickersQuery.queryKey, (old) => mergeTickers(old, event.tickers));
  });
  return useQuery(tickersQuery);
}
