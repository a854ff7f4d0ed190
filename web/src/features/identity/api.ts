/**
 * Identity verification and payment methods (collect-money information): the current user, read
 * again when a review is decided, image uploads, identity submissions and the payment-method
 * list, add and remove. Mutations refresh the current user and the list.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../contracts/generated/openapi';
import type { OpBody } from '../../../../contracts/generated/operations';
import { call, getToken } from '../../api/client';
import { meQuery } from '../../api/me';
import { queryKey } from '../../api/queryKey';
import { useRealtime, useRealtimeResync } from '../../realtime/hooks';

type Schemas = components['schemas'];
export type User = Schemas['User'];
export type ReviewStatus = Schemas['ReviewStatus'];
export type PaymentMethod = Schemas['PaymentMethod'];
export type PaymentMethodType = Schemas['PaymentMethodType'];
export type PaymentMethodRequest = OpBody<'addPaymentMethod'>;
export type IdentityRequest = OpBody<'submitIdentity'>;
export type Upload = Schemas['Upload'];

/** How often a pending payment-method review is polled. */
const REVIEW_POLL_MS = 5_000;

/** The system messages that say an identity review was decided. */
const IDENTITY_DECIDED = new Set<string>(['identity_verified', 'identity_rejected'] satisfies Schemas['MessageKind'][]);

/**
 * The current user, read again the moment an identity review is decided (its system message is
 * pushed) and whenever the live connection comes back (a decision made while it was down).
 */
export function useMeWhileReviewing() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
  useRealtimeResync(refresh);
  useRealtime(null, 'systemMessage', ({ message }) => IDENTITY_DECIDED.has(message.kind) && refresh());
  return useQuery({ ...meQuery, enabled: Boolean(getToken()) });
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
