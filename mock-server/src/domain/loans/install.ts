import type { Accounts } from '../account/accounts.ts';
import type { Kernel } from '../kernel/area.ts';
import { LOAN_REVIEW_MS, Loans } from './loans.ts';

/** Loans: applications reviewed on the virtual clock (identity verification required), paid out and repaid. */
export function install(k: Kernel, { accounts }: { accounts: Accounts }) {
  const loans = new Loans({
    seed: k.seed,
    now: k.now,
    ledger: k.ledger,
    scheduler: k.scheduler,
    review: k.reviewAfter(LOAN_REVIEW_MS),
    verified: (userId) => accounts.byId(userId)?.verification === 'verified',
    onChange: (loan) => k.events.emit('loan', { userId: loan.owner, loan }),
  });
  return { loans };
}
