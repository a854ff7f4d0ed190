/** Account calls: the current user, login, registration and verification codes. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpBody } from '../../../../contracts/generated/operations';
import { call, getToken, setToken } from '../../api/client';
import { realtime } from '../../realtime/socket';
import { PRICE_COLORS_KEY } from '../../theme/priceColors';

export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => call('getCurrentUser', { signal }),
  staleTime: 60_000,
});

export function useMe() {
  return useQuery({ ...meQuery, enabled: Boolean(getToken()) });
}

function useSessionMutation<K extends 'login' | 'register'>(operationId: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpBody<K>) => call(operationId as 'login', { body: body as OpBody<'login'> }),
    onSuccess: (session) => {
      setToken(session.token);
      queryClient.setQueryData(meQuery.queryKey, session.user);
      realtime.reauthenticate();
    },
  });
}

export const useLogin = () => useSessionMutation('login');
export const useRegister = () => useSessionMutation('register');

export function useSendCode() {
  return useMutation({ mutationFn: (body: OpBody<'sendCode'>) => call('sendCode', { body }) });
}

/** Keys of localStorage the app keeps when clearing cached data (the session and preferences). */
const KEPT_KEYS = new Set(['token', 'theme', 'lang', 'remember_account', PRICE_COLORS_KEY]);

/** Clears cached data (queries and local caches such as `address_list`), keeping the login and preferences. */
export function useClearCache() {
  const queryClient = useQueryClient();
  return () => {
    for (const key of Object.keys(localStorage)) if (!KEPT_KEYS.has(key)) localStorage.removeItem(key);
    sessionStorage.clear();
    queryClient.clear();
    void queryClient.invalidateQueries();
  };
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('logout'),
    onSettled: () => {
      setToken(null);
      queryClient.clear();
      realtime.reauthenticate();
    },
  });
}
