/**
 * The fiat market: ads, stores, my orders and one order, placing and moving orders on. The
 * `p2pOrder` event (either side, support or the deadline moved an order) updates the order in
 * place and refreshes the lists.
 */
import { infiniteQueryOptions, queryOptions, replaceEqualDeep, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentMethodTypeValues } from '../../../../contracts/generated/enums';
import type { components } from '../../../../contracts/generated/openapi';
import type { OpBody, OpQuery } from '../../../../contracts/generated/operations';
import { call, getToken, newIdempotencyKey } from '../../api/client';
import { useUploadImage } from '../../ui/uploads/api';
import { queryKey } from '../../api/queryKey';
import { useRealtime, useRealtimeResync } from '../../realtime/hooks';

type Schemas = components['schemas'];
export type P2pAd = Schemas['P2pAd'];
export type P2pOrder = Schemas['P2pOrder'];
export type P2pAction = Schemas['P2pAction'];
export type FiatCurrency = Schemas['FiatCurrency'];
export type PaymentType = Schemas['PaymentMethodType'];
export type P2pMessage = Schemas['P2pMessage'];
export type OrderFilter = NonNullable<NonNullable<OpQuery<'listP2pOrders'>>['status']>;
export type AdSort = NonNullable<OpQuery<'listP2pAds'>['sort']>;
export type P2pStoreSummary = Schemas['P2pStoreSummary'];

export const FIATS: FiatCurrency[] = ['USD', 'EUR', 'CNY', 'BRL', 'TRY', 'VND'];
export const P2P_COINS = ['USDT', 'BTC'] as const;
export const PAYMENT_TYPES: readonly PaymentType[] = paymentMethodTypeValues;
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

const FINAL: ReadonlySet<P2pOrder['status']> = new Set(['completed', 'cancelled']);

/**
 * The later of two states of one order, by the contract's state machine (P2pOrderStatus): a final
 * state (completed, cancelled) stays final, and a paid order is never waiting for payment again.
 * An answer read before a step was pushed can arrive after the step's event (two connections):
 * it must not take the order back to where it was.
 */
export function laterOrder(cached: P2pOrder | undefined, next: P2pOrder): P2pOrder {
  if (!cached) return next;
  const older = (FINAL.has(cached.status) && !FINAL.has(next.status)) || (cached.status !== 'waiting_payment' && next.status === 'waiting_payment');
  return older ? cached : next;
}

const orderQuery = (id: string) =>
  queryOptions({
    queryKey: queryKey('getP2pOrder', { id }),
    queryFn: ({ signal }) => call('getP2pOrder', { query: { id }, signal }),
    structuralSharing: (cached, next) => replaceEqualDeep(cached, laterOrder(cached as P2pOrder | undefined, next as P2pOrder)),
  });

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
    queryClient.setQueryData(orderQuery(order.id).queryKey, (cached) => laterOrder(cached, order));
    void queryClient.invalidateQueries({ queryKey: queryKey('listP2pOrders') });
    void queryClient.invalidateQueries({ queryKey: queryKey('listP2pAds') });
  };
}

export function useOrderEvents(): void {
  const update = useOrderInCache();
  const queryClient = useQueryClient();
  useRealtime(null, 'p2pOrder', ({ order }) => update(order));
  // A step pushed while the connection was not open yet (or was down) is missed: read orders and chats again.
  useRealtimeResync(() => {
    for (const op of ['getP2pOrder', 'listP2pOrders', 'listP2pMessages'] as const) void queryClient.invalidateQueries({ queryKey: queryKey(op) });
  });
}

// ---- an order's chat ----

const chatQuery = (id: string) =>
  queryOptions({ queryKey: queryKey('listP2pMessages', { id }), queryFn: ({ signal }) => call('listP2pMessages', { query: { id }, signal }) });

/** Adds a message to the cached chat of its order (once: the event and the answer both bring it). */
function useMessageInCache() {
  const queryClient = useQueryClient();
  return (orderId: string, message: P2pMessage) =>
    queryClient.setQueryData(chatQuery(orderId).queryKey, (list) => (!list || list.some((m) => m.id === message.id) ? list : [...list, message]));
}

/** The chat of one order, live through the `p2pMessage` event. */
export function useOrderChat(id: string) {
  const add = useMessageInCache();
  useRealtime(null, 'p2pMessage', ({ orderId, message }) => add(orderId, message));
  return useQuery({ ...chatQuery(id), enabled: Boolean(id) && Boolean(getToken()) });
}

/** Sends a text, or an image (uploaded first as a data URL), into an order's chat; a retry of the same message is sent once. */
export function useSendOrderMessage(id: string) {
  const add = useMessageInCache();
  const upload = useUploadImage();
  return useMutation({
    mutationFn: async (input: { text?: string; image?: string }) => {
      const key = newIdempotencyKey();
      const image = input.image ? (await upload.mutateAsync(input.image)).id : undefined;
      return call('sendP2pMessage', { body: { id, ...(input.text ? { text: input.text } : {}), ...(image ? { image } : {}) }, idempotencyKey: key });
    },
    onSuccess: (message) => add(id, message),
  });
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

/** Opens my store, named `name` or (without one) after my nickname. */
export function useOpenStore() {
  const changed = useStoreChanged();
  return useMutation({ mutationFn: (name?: string) => call('openP2pStore', { body: name ? { name } : {} }), onSuccess: changed });
}

/** My store's new name; my orders show it too. */
export function useRenameStore() {
  const changed = useStoreChanged();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call('renameP2pStore', { body: { name } }),
    onSuccess: () => {
      changed();
      void queryClient.invalidateQueries({ queryKey: queryKey('getP2pStore') });
      void queryClient.invalidateQueries({ queryKey: queryKey('listP2pOrders') });
    },
  });
}

export function usePublishAd() {
  const changed = useStoreChanged();
  return useMutation({ mutationFn: (body: OpBody<'publishP2pAd'>) => call('publishP2pAd', { body }), onSuccess: changed });
}

/** The fiat account's balance log of a coin, page by page; live through the `balances` event. */
export function useFiatLog(coin: string) {
  const queryClient = useQueryClient();
  useRealtime(null, 'balances', () => void queryClient.invalidateQueries({ queryKey: queryKey('listBalanceLog') }));
  return useInfiniteQuery({
    queryKey: queryKey('listBalanceLog', { kind: 'fiat', coin }),
    queryFn: ({ pageParam, signal }) => call('listBalanceLog', { query: { kind: 'fiat', coin, page: pageParam, pageSize: 20 }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(getToken()),
  });
}

export function useEditAd() {
  const changed = useStoreChanged();
  return useMutation({ mutationFn: (body: OpBody<'editP2pAd'>) => call('editP2pAd', { body }), onSuccess: changed });
}

export function useShelfAd() {
  const changed = useStoreChanged();
  return useMutation({ mutationFn: (body: OpBody<'setP2pAdOnline'>) => call('setP2pAdOnline', { body }), onSuccess: changed });
}
