/** The user's wallet (balances per account and coin), shared by the assets and trade pages. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../../contracts/generated/openapi';
import { call, getToken } from './client';
import { queryKey } from './queryKey';

export type Wallet = components['schemas']['Wallet'];
export type AccountKind = components['schemas']['AccountKind'];

export const walletQuery = queryOptions({
  queryKey: queryKey('getWallet'),
  queryFn: ({ signal }) => call('getWallet', { signal }),
  staleTime: 10_000,
});

export const useWallet = () => useQuery({ ...walletQuery, enabled: Boolean(getToken()) });

/** The balance of one coin in one account, from the wallet. */
export function balanceOf(wallet: Wallet | undefined, kind: AccountKind, coin: string) {
  return wallet?.accounts.find((a) => a.kind === kind)?.balances.find((b) => b.coin === coin);
}
