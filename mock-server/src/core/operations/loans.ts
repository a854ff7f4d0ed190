/** Loans. */
import type { Handlers } from '../operations.ts';

export const loans = {
  listLoanProducts: ({ world }) => world.loans.products(),
  quoteLoan: ({ world, query }) => world.loans.quote(query),
  applyLoan: ({ world, body, userId }) => world.loans.apply(userId, body),
  listLoans: ({ world, query, userId }) => world.loans.list(userId, query ?? {}),
  repayLoan: ({ world, body, userId }) => world.loans.repay(userId, body),
} satisfies Partial<Handlers>;
