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
