/** The server's global settings (global call style: the whole envelope). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './client';
import { queryKey } from './queryKey';

export const settingsQuery = queryOptions({
  queryKey: queryKey('getSettings'),
  queryFn: async () => (await call('getSettings')).message,
  staleTime: Infinity,
});

export const useSettings = () => useQuery(settingsQuery);

/** What the site is called: the server's name for it, "H5 Exchange" until it has answered (or when it sends none). */
export const useSiteName = (): string => useSettings().data?.siteName || 'H5 Exchange';
