/** IEO: the rounds, one round, subscribing, and my subscriptions (live through the `ieoSubscription` event). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../contracts/generated/openapi';
import type { OpBody } from '../../../../contracts/generated/operations';
import { call, getToken } from '../../api/client';
import { queryKey } from '../../api/queryKey';
import { walletQuery } from '../../api/wallet';
import { useRealtime } from '../../realtime/hooks';

type Schemas = components['schemas'];
export type IeoProject = Schemas['IeoProject'];
export type IeoSubscription = Schemas['IeoSubscription'];

const projectsQuery = queryOptions({ queryKey: queryKey('listIeoProjects'), queryFn: ({ signal }) => call('listIeoProjects', { signal }) });
export const useIeoProjects = () => useQuery(projectsQuery);

export const useIeoProject = (id: string) =>
  useQuery({ queryKey: queryKey('getIeoProject', { id }), queryFn: ({ signal }) => call('getIeoProject', { query: { id }, signal }), enabled: Boolean(id) });

const subscriptionsQuery = queryOptions({
  queryKey: queryKey('listIeoSubscriptions'),
  queryFn: ({ signal }) => call('listIeoSubscriptions', { query: { pageSize: 100 }, signal }),
});

/** After a subscription changed: mine, the rounds' demand and the balances. */
function useIeoChanged() {
  const queryClient = useQueryClient();
  return () => {
    for (const key of [subscriptionsQuery.queryKey, projectsQuery.queryKey, queryKey('getIeoProject'), walletQuery.queryKey])
      void queryClient.invalidateQueries({ queryKey: key });
  };
}

export function useIeoSubscriptions() {
  const changed = useIeoChanged();
  useRealtime(null, 'ieoSubscription', changed);
  return useQuery({ ...subscriptionsQuery, enabled: Boolean(getToken()) });
}

export function useSubscribe() {
  const changed = useIeoChanged();
  return useMutation({ mutationFn: (body: OpBody<'subscribeIeo'>) => call('subscribeIeo', { body }), onSuccess: changed });
}
