/** The K-line page's candles, and the user's favourite symbols. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { klinePeriodValues } from '../../../../contracts/generated/enums';
import type { components } from '../../../../contracts/generated/openapi';
import { call, getToken } from '../../api/client';
import { queryKey } from '../../api/queryKey';

export type Candle = components['schemas']['Candle'];
export type KlinePeriod = components['schemas']['KlinePeriod'];

export const KLINE_PERIODS: readonly KlinePeriod[] = klinePeriodValues;

export const klineQuery = (symbol: string, period: KlinePeriod) =>
  queryOptions({
    queryKey: queryKey('getKline', { symbol, period, limit: 200 }),
    queryFn: ({ signal }) => call('getKline', { query: { symbol, period, limit: 200 }, signal }),
    staleTime: 10_000,
  });

const favoritesQuery = queryOptions({
  queryKey: queryKey('listFavorites'),
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
    mutationFn: ({ symbol, favorite }: { symbol: string; favorite: boolean }) => call('setFavorite', { body: { symbol, favorite } }),
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
