/**
 * Password calls: checking a verification code for a one-time ticket, resetting the login password
 * with that ticket, changing it with the current one, and setting the transaction password.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpBody } from '../../../../contracts/generated/operations';
import { call } from '../../api/client';
import { meQuery } from '../../api/me';

/** Step one of forgot/modify password: the code for a ticket valid once, for 10 minutes. */
export function useCheckCode() {
  return useMutation({ mutationFn: (body: OpBody<'checkCode'>) => call('checkCode', { body }) });
}

/** Step two: the new login password with the ticket. The server ends the user's other sessions. */
export function useResetPassword() {
  return useMutation({ mutationFn: (body: OpBody<'resetPassword'>) => call('resetPassword', { body }) });
}

/** Changes the login password of the logged-in user, who knows the current one. */
export function useChangePassword() {
  return useMutation({ mutationFn: (body: OpBody<'changePassword'>) => call('changePassword', { body }) });
}

/** Sets (first time) or changes (with a `security` code) the transaction password. */
export function useSetTransactionPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpBody<'setTransactionPassword'>) => call('setTransactionPassword', { body }),
    onSuccess: (user) => {
      queryClient.setQueryData(meQuery.queryKey, user);
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    },
  });
}
