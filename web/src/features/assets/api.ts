/**
 * Assets: coins, balances, records, the address book and every money movement. Balances and
 * records stay live through the user's socket events (`balances`, `record`).
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../contracts/generated/openapi';
import { accountKindValues } from '../../../../contracts/generated/enums';
import type { OpBody, OpQuery } from '../../../../contracts/generated/operations';
import { call, getToken } from '../../api/client';
import { walletQuery, type AccountKind } from '../../api/wallet';
import { meQuery } from '../../api/me';
import { useRealtime, useRealtimeResync, useRefreshUnlessLive } from '../../realtime/hooks';
import { queryKey } from '../../api/queryKey';

type Schemas = components['schemas'];
export type { CoinInfo } from '../../api/coins';
export type WalletRecord = Schemas['Record'];
export type WithdrawAddress = Schemas['WithdrawAddress'];
export type ChainInfo = Schemas['ChainInfo'];
export type Chain = Schemas['Chain'];
export type RecordStatus = Schemas['RecordStatus'];
export type DepositAddress = Schemas['DepositAddress'];
export type WireDetails = Schemas['WireDetails'];

export const ACCOUNT_KINDS: readonly AccountKind[] = accountKindValues;
/** Accounts a user moves money between (financial is fed by earning products, not transfers). */
export const TRANSFER_KINDS: readonly AccountKind[] = ACCOUNT_KINDS.filter((k) => k !== 'financial');

type RecordFilter = Omit<NonNullable<OpQuery<'listRecords'>>, 'page' | 'pageSize'>;

const recordsQuery = (filter: RecordFilter) =>
  infiniteQueryOptions({
    queryKey: queryKey('listRecords', filter),
    queryFn: ({ pageParam, signal }) => call('listRecords', { query: { ...filter, page: pageParam, pageSize: 20 }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

const addressesQuery = queryOptions({
  queryKey: queryKey('listAddresses'),
  queryFn: async ({ signal }) => {
    const list = await call('listAddresses', { signal });
    // Mirrored in localStorage `address_list` (spec §3) for screens that start offline.
    localStorage.setItem('address_list', JSON.stringify(list));
    return list;
  },
});

export { useCoins } from '../../api/coins';
export const useAddresses = () => useQuery(addressesQuery);

/**
 * Keeps balances and records live from the user's socket events (mounted once by the shell), and
 * reads them again when the live connection comes back. The `balances` event refreshes the wallet
 * rather than patching it: the wallet's USDT totals are the server's valuation, which the event
 * does not carry.
 */
export function useWalletEvents(): void {
  const queryClient = useQueryClient();
  useRealtime(null, 'balances', () => void queryClient.invalidateQueries({ queryKey: walletQuery.queryKey }));
  useRealtimeResync(() => {
    void queryClient.invalidateQueries({ queryKey: walletQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: queryKey('listRecords') });
  });
  useRealtime(null, 'record', ({ record }) => {
    void queryClient.invalidateQueries({ queryKey: queryKey('listRecords') });
    // A withdrawal that fails no longer counts toward the 24 h limit: what is left changes.
    if (record.type === 'withdrawal') void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
  });
}

/**
 * A mutation that moves money: its `balances` and `record` events refresh balances and records (and,
 * for a withdrawal, the user's 24 h allowance left); without a live connection, its success does.
 */
function useMoneyMutation<K extends 'transfer' | 'withdraw' | 'sandboxDeposit' | 'submitRecharge' | 'flashExchange'>(operationId: K) {
  const done = useRefreshUnlessLive([walletQuery.queryKey, queryKey('listRecords'), ...(operationId === 'withdraw' ? [meQuery.queryKey] : [])]);
  return useMutation({
    mutationFn: (body: OpBody<K>) => call(operationId as 'transfer', { body: body as OpBody<'transfer'> }),
    onSuccess: done,
  });
}

export const useTransfer = () => useMoneyMutation('transfer');
export const useWithdraw = () => useMoneyMutation('withdraw');
export const useSandboxDeposit = () => useMoneyMutation('sandboxDeposit');
export const useRecharge = () => useMoneyMutation('submitRecharge');
export const useFlashExchange = () => useMoneyMutation('flashExchange');

export function useFlashQuote() {
  return useMutation({ mutationFn: (body: OpBody<'flashQuote'>) => call('flashQuote', { body }) });
}

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpBody<'addAddress'>) => call('addAddress', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: addressesQuery.queryKey }),
  });
}

export function useRemoveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('removeAddress', { body: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: addressesQuery.queryKey }),
  });
}

// ---- deposits, withdrawals and records (deposit / recharge / withdraw / address book pages) ----

export type { RecordFilter };

/** The user's deposit address of a coin and chain (with its minimum and confirmations). */
const depositAddressQuery = (coin: string, chain: Chain) =>
  queryOptions({
    queryKey: queryKey('getDepositAddress', { coin, chain }),
    queryFn: ({ signal }) => call('getDepositAddress', { query: { coin, chain }, signal }),
    staleTime: Infinity,
  });

export const useDepositAddress = (coin: string | undefined, chain: Chain | undefined) =>
  useQuery({ ...depositAddressQuery(coin ?? '', chain ?? 'TRC20'), enabled: Boolean(coin && chain && getToken()) });

/** Where the platform takes bank wires (`available: false` where it does not). */
const wireDetailsQuery = queryOptions({
  queryKey: queryKey('getWireDetails'),
  queryFn: ({ signal }) => call('getWireDetails', { signal }),
  staleTime: 10 * 60_000,
});

export const useWireDetails = () => useQuery({ ...wireDetailsQuery, enabled: Boolean(getToken()) });

/** Records of a filter, page by page; live through the `record` event (it invalidates queryKey('listRecords')). */
export const useRecords = (filter: RecordFilter) => useInfiniteQuery({ ...recordsQuery(filter), enabled: Boolean(getToken()) });
