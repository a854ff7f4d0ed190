/**
 * Identity verification and payment methods (collect-money information): the current user with
 * polling while a review is pending, image uploads, identity submissions and the payment-method
 * list, add and remove. Mutations refresh the current user and the list.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../contracts/generated/openapi';
import type { OpBody } from '../../../../contracts/generated/operations';
import { call, getToken } from '../../api/client';
import { meQuery } from '../../api/me';
import { queryKey } from '../../api/queryKey';

type Schemas = components['schemas'];
export type User = Schemas['User'];
export type ReviewStatus = Schemas['ReviewStatus'];
export type PaymentMethod = Schemas['PaymentMethod'];
export type PaymentMethodType = Schemas['PaymentMethodType'];
export type PaymentMethodRequest = OpBody<'addPaymentMethod'>;
export type IdentityRequest = OpBody<'submitIdentity'>;
export type Upload = Schemas['Upload'];

/** How often a pending review is polled. */
const REVIEW_POLL_MS = 5_000;

const pending = (user: User | undefined) => user?.verification === 'pending' || user?.advancedVerification === 'pending';

/** The current user, polled every 5 s while an identity review is pending. */
export function useMeWhileReviewing() {
  return useQuery({
    ...meQuery,
    enabled: Boolean(getToken()),
    refetchInterval: (query) => (pending(query.state.data) ? REVIEW_POLL_MS : false),
  });
}

export function useSubmitIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IdentityRequest) => call('submitIdentity', { body }),
    onSuccess: (user) => {
      queryClient.setQueryData(meQuery.queryKey, user);
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    },
    // E.g. already under review from another device: show the current status.
    onError: () => void queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}

const paymentMethodsQuery = queryOptions({
  queryKey: queryKey('listPaymentMethods'),
  queryFn: ({ signal }) => call('listPaymentMethods', { signal }),
});

/** The user's payment methods, newest first, polled every 5 s while any is pending. */
export function usePaymentMethods() {
  return useQuery({
    ...paymentMethodsQuery,
    refetchInterval: (query) => (query.state.data?.some((m) => m.status === 'pending') ? REVIEW_POLL_MS : false),
  });
}

function useInvalidatePayments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: paymentMethodsQuery.queryKey }), queryClient.invalidateQueries({ queryKey: meQuery.queryKey })]);
}

export function useAddPaymentMethod() {
  const invalidate = useInvalidatePayments();
  return useMutation({
    mutationFn: (body: PaymentMethodRequest) => call('addPaymentMethod', { body }),
    onSuccess: () => invalidate(),
  });
}

export function useRemovePaymentMethod() {
  const invalidate = useInvalidatePayments();
  return useMutation({
    mutationFn: (id: string) => call('removePaymentMethod', { body: { id } }),
    onSuccess: () => invalidate(),
  });
}
