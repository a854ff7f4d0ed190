/**
 * The support chat's unread count, shared by the home page, the user centre and the chat: how many
 * agent messages this user (or this device's guest) has not read, kept live by `supportMessage`.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtime, useRealtimeResync } from '../realtime/hooks';
import { call, credential, getToken } from './client';
import { queryKey } from './queryKey';

/** Whose conversation the calls reach: the logged-in user's, or this device's guest's (part of the cache keys). */
export const supportWho = (): 'user' | 'guest' => (getToken() ? 'user' : 'guest');

export const supportUnreadQuery = () =>
  queryOptions({
    queryKey: [...queryKey('getSupportUnread'), supportWho()] as const,
    queryFn: ({ signal }) => call('getSupportUnread', { signal }),
  });

/** The count (undefined until known, or for a device that never opened the chat). */
export function useSupportUnread(): number | undefined {
  const queryClient = useQueryClient();
  const query = supportUnreadQuery();
  useRealtime(null, 'supportMessage', ({ unread }) => {
    // A read of the count still in flight was asked before this message: it must not overwrite it.
    void queryClient.cancelQueries({ queryKey: query.queryKey }).then(() => queryClient.setQueryData(query.queryKey, { unread }));
  });
  // A reply pushed before the connection was up (or while it was down) is counted on (re)connect.
  useRealtimeResync(() => void queryClient.invalidateQueries({ queryKey: query.queryKey }));
  return useQuery({ ...query, enabled: Boolean(credential()) }).data?.unread;
}
