/**
 * The fiat market: ads, stores, my orders and one order, placing and moving orders on. The
 * `p2pOrder` event (either side, support or the deadline moved an order) updates the order in
 * place and refreshes the lists.
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../contracts/generated/openapi';
import type { OpBody, OpQuery } from '../../../../contracts/generated/operations';
import { call, getToken } from '../../api/client';
import { queryKey } from '../../api/queryKey';
import { useRealtime } from '../../realtime/hooks';

type Schemas = components['schemas'];
export type P2pAd = Schemas['P2pAd'];
export type P2pOrder = Schemas['P2pOrder'];
export type P2pAction = Schemas['P2pAction'];
export type FiatCurrency = Schemas['FiatCurrency'];
export type PaymentType = Schemas['PaymentMethodType'];
export type OrderFilter = NonNullable<OpQuery<'listP2pOrders'>>['status'];

export const FIATS: FiatCurrency[] = ['USD', 'EUR', 'CNY', 'BRL', 'TRY', 'VND'];
export const P2P_COINS = ['USDT', 'BTC'] as const;
/** Decimals of a quantity of each coin the market trades (the coins' `precision` in listCoins). */
export const COIN_PLACES: Record<(typeof P2P_COINS)[number], number> = { USDT: 6, BTC: 8 };
export const PAYMENT_TYPES: PaymentType[] = ['bank', 'pix', 'alipay', 'wechat'];
/** Decimals of a fiat amount or price (the contract's FiatCurrency). */
export const fiatPlaces = (fiat: string) => (fiat === 'VND' ? 0 : 2);

const nextPage = (last: { page: number; pageSize: number; total: number }) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined);

export function useAds(query: Omit<OpQuery<'listP2pAds'>, 'page' | 'pageSize'>) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKey('listP2pAds', query),
      queryFn: ({ pageParam, signal }) => call('listP2pAds', { query: { ...query, page: pageParam, pageSize: 20 }, signal }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  );
}

export const useStore = (id: string) =>
  useQuery(
    queryOptions({ queryKey: queryKey('getP2pStore', { id }), queryFn: ({ signal }) => call('getP2pStore', { query: { id }, signal }), enabled: Boolean(id) }),
  );

const orderQuery = (id: string) =>
  queryOptions({ queryKey: queryKey('getP2pOrder', { id }), queryFn: ({ signal }) => call('getP2pOrder', { query: { id }, signal }) });

export const useOrder = (id: string) => useQuery({ ...orderQuery(id), enabled: Boolean(id) && Boolean(getToken()) });

export function useOrders(status: OrderFilter, scope: 'all' | 'store' = 'all') {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKey('listP2pOrders', { status, scope }),
      queryFn: ({ pageParam, signal }) => call('listP2pOrders', { query: { status, scope, page: pageParam, pageSize: 20 }, signal }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  );
}

/** Keeps the cache in step with an order's new state. */
function useOrderInCache() {
  const queryClient = useQueryClient();
  return (order: P2pOrder) => {
    queryClient.setQueryData(orderQuery(order.id).queryKey, order);
    void queryClient.invalidateQueries({ queryKey: queryKey('listP2pOrders') });
    void queryClient.invalidateQueries({ queryKey: queryKey('listP2pAds') });
  };
}

export function useOrderEvents(): void {
  const update = useOrderInCache();
  useRealtime(null, 'p2pOrder', ({ order }) => update(order));
}

export function usePlaceOrder() {
  const update = useOrderInCache();
  return useMutation({ mutationFn: (body: OpBody<'placeP2pOrder'>) => call('placeP2pOrder', { body }), onSuccess: update });
}

export function useOrderAction() {
  const update = useOrderInCache();
  return useMutation({ mutationFn: (body: OpBody<'actOnP2pOrder'>) => call('actOnP2pOrder', { body }), onSuccess: update });
}

const merchantQuery = queryOptions({ queryKey: queryKey('getMyP2pStore'), queryFn: ({ signal }) => call('getMyP2pStore', { signal }) });

export const useMerchant = () => useQuery({ ...merchantQuery, enabled: Boolean(getToken()) });

/** After a change to my store: the store page and the market show it. */
function useStoreChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: merchantQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: queryKey('listP2pAds') });
  };
}

export function useOpenStore() {
  const changed = useStoreChanged();
  return useMutation({ mutationFn: () => call('openP2pStore'), onSuccess: changed });
}

export function usePublishAd() {
  const changed = useStoreChanged();
  return useMutation({ mutationFn: (body: OpBody<'publishP2pAd'>) => call('publishP2pAd', { body }), onSuccess: changed });
}

export function useShelfAd() {
  const changed = useStoreChanged();
  return useMutation({ mutationFn: (body: OpBody<'setP2pAdOnline'>) => call('setP2pAdOnline', { body }), onSuccess: changed });
}
