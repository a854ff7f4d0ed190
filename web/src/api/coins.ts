/** The coins the platform lists (listCoins), with their decimals: shared by assets, fiat and any form that takes a coin amount. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../../contracts/generated/openapi';
import { call } from './client';
import { queryKey } from './queryKey';

export type CoinInfo = components['schemas']['CoinInfo'];

export const coinsQuery = queryOptions({
  queryKey: queryKey('listCoins'),
  queryFn: ({ signal }) => call('listCoins', { signal }),
  staleTime: Infinity,
});

export const useCoins = () => useQuery(coinsQuery);

/** How many decimals an amount of a coin is shown with (its `displayDecimals`, truncated; 2 while the list loads). */
export function useCoinDisplay(): (coin: string) => number {
  const { data: coins } = useCoins();
  return (coin) => coins?.find((c) => c.coin === coin)?.displayDecimals ?? 2;
}

/** A coin's amount decimals (its `precision`), undefined while the list loads. */
export function useCoinPrecision(): (coin: string) => number | undefined {
  const { data: coins } = useCoins();
  return (coin) => coins?.find((c) => c.coin === coin)?.precision;
}
