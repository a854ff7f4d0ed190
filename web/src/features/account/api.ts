/** Account calls: login, registration, logout and clearing the cache (the current user is in api/me). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpBody } from '../../../../contracts/generated/operations';
import { call, setToken } from '../../api/client';
import { GUEST_KEY, TOKEN_KEY } from '../../api/credentialKeys';
import { meQuery } from '../../api/me';
import { realtime } from '../../realtime/socket';
import { PRICE_COLORS_KEY } from '../../theme/priceColors';

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

/** Keys of localStorage the app keeps when clearing cached data (the session, the support guest key and preferences). */
const KEPT_KEYS = new Set([TOKEN_KEY, 'theme', 'lang', 'remember_account', GUEST_KEY, PRICE_COLORS_KEY]);

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
