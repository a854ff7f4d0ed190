/** The current user (account, security settings, verification status), shared by every feature. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, getToken } from './client';
import { queryKey } from './queryKey';

export const meQuery = queryOptions({
  queryKey: queryKey('getCurrentUser'),
  queryFn: ({ signal }) => call('getCurrentUser', { signal }),
  staleTime: 60_000,
});

export function useMe() {
  return useQuery({ ...meQuery, enabled: Boolean(getToken()) });
}
