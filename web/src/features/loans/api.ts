/** Loans: the products, a schedule before applying, applying, my loans and repaying; the `loan` event keeps my loans live. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../contracts/generated/openapi';
import type { OpBody, OpQuery } from '../../../../contracts/generated/operations';
import { call, getToken } from '../../api/client';
import { queryKey } from '../../api/queryKey';
import { walletQuery } from '../../api/wallet';
import { useRealtime } from '../../realtime/hooks';

type Schemas = components['schemas'];
export type LoanProduct = Schemas['LoanProduct'];
export type Loan = Schemas['Loan'];
export type LoanMethod = Schemas['LoanMethod'];
export type LoanQuote = Schemas['LoanQuote'];

const productsQuery = queryOptions({
  queryKey: queryKey('listLoanProducts'),
  queryFn: ({ signal }) => call('listLoanProducts', { signal }),
  staleTime: 60_000,
});
export const useLoanProducts = () => useQuery(productsQuery);

/** The schedule of the terms being typed (none while they are incomplete); the last one stays while the next loads. */
export function useLoanQuote(q: OpQuery<'quoteLoan'> | null) {
  return useQuery({
    queryKey: queryKey('quoteLoan', q ?? {}),
    queryFn: ({ signal }) => call('quoteLoan', { query: q!, signal }),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });
}

const loansQuery = queryOptions({ queryKey: queryKey('listLoans'), queryFn: ({ signal }) => call('listLoans', { query: { pageSize: 50 }, signal }) });

export function useLoans() {
  const changed = useLoansChanged();
  useRealtime(null, 'loan', changed);
  return useQuery({ ...loansQuery, enabled: Boolean(getToken()) });
}

function useLoansChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: loansQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: walletQuery.queryKey });
  };
}

export function useApplyLoan() {
  const changed = useLoansChanged();
  return useMutation({ mutationFn: (body: OpBody<'applyLoan'>) => call('applyLoan', { body }), onSuccess: changed });
}

export function useRepayLoan() {
  const changed = useLoansChanged();
  return useMutation({ mutationFn: (body: OpBody<'repayLoan'>) => call('repayLoan', { body }), onSuccess: changed });
}
