/**
 * Earn products: lock-up mining, mining machines, coin savings, and my positions in them. The
 * `earnPosition` event (a payment, an end, a redemption) refreshes the positions and the products.
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../contracts/generated/openapi';
import type { OpBody, OpQuery } from '../../../../contracts/generated/operations';
import { call, getToken } from '../../api/client';
import { queryKey } from '../../api/queryKey';
import { walletQuery } from '../../api/wallet';
import { useRealtime } from '../../realtime/hooks';

type Schemas = components['schemas'];
export type LockProduct = Schemas['LockProduct'];
export type MiningMachine = Schemas['MiningMachine'];
export type SavingsProduct = Schemas['SavingsProduct'];
export type EarnPosition = Schemas['EarnPosition'];
export type EarnKind = Schemas['EarnKind'];
export type PositionFilter = Omit<NonNullable<OpQuery<'listEarnPositions'>>, 'page' | 'pageSize'>;

const lockQuery = queryOptions({ queryKey: queryKey('listLockProducts'), queryFn: ({ signal }) => call('listLockProducts', { signal }) });
const machinesQuery = queryOptions({ queryKey: queryKey('listMiningMachines'), queryFn: ({ signal }) => call('listMiningMachines', { signal }) });
const savingsQuery = queryOptions({ queryKey: queryKey('listSavingsProducts'), queryFn: ({ signal }) => call('listSavingsProducts', { signal }) });

export const useLockProducts = () => useQuery(lockQuery);
export const useMachines = () => useQuery(machinesQuery);
export const useSavingsProducts = () => useQuery(savingsQuery);

const positionsQuery = (filter: PositionFilter) =>
  infiniteQueryOptions({
    queryKey: queryKey('listEarnPositions', filter),
    queryFn: ({ pageParam, signal }) => call('listEarnPositions', { query: { ...filter, page: pageParam, pageSize: 20 }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

/** My positions of a filter, page by page, live. */
export function usePositions(filter: PositionFilter) {
  useEarnEvents();
  return useInfiniteQuery({ ...positionsQuery(filter), enabled: Boolean(getToken()) });
}

/** After anything changed a position: the lists, the products (stock, total deposits) and the balances. */
function useEarnChanged() {
  const queryClient = useQueryClient();
  return () => {
    for (const key of [queryKey('listEarnPositions'), machinesQuery.queryKey, savingsQuery.queryKey, walletQuery.queryKey])
      void queryClient.invalidateQueries({ queryKey: key });
  };
}

function useEarnEvents(): void {
  const changed = useEarnChanged();
  useRealtime(null, 'earnPosition', changed);
}

function useEarnMutation<K extends 'lockFunds' | 'redeemLock' | 'buyMachine' | 'depositSavings'>(op: K) {
  const changed = useEarnChanged();
  return useMutation({ mutationFn: (body: OpBody<K>) => call(op, { body } as never) as Promise<EarnPosition>, onSuccess: changed });
}

export const useLock = () => useEarnMutation('lockFunds');
export const useRedeem = () => useEarnMutation('redeemLock');
export const useBuyMachine = () => useEarnMutation('buyMachine');
export const useDeposit = () => useEarnMutation('depositSavings');
