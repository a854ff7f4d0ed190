/** Account calls: the current user, login, registration and verification codes. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpBody } from '../../../../contracts/generated/operations';
import { call, getToken, setToken } from '../../api/client';

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
    },
  });
}

export const useLogin = () => useSessionMutation('login');
export const useRegister = () => useSessionMutation('register');

export function useSendCode() {
  return useMutation({ mutationFn: (body: OpBody<'sendCode'>) => call('sendCode', { body }) });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('logout'),
    onSettled: () => {
      setToken(null);
      queryClient.clear();
    },
  });
}
