import type { Accounts } from '../account/accounts.ts';
import type { Kernel } from '../kernel/area.ts';
import { IDENTITY_REVIEW_MS, Identity } from './identity.ts';
import { PAYMENT_REVIEW_MS, Payments } from './payments.ts';

/** Identity verification and payment methods, each reviewed on the virtual clock. */
export function install(k: Kernel, { accounts }: { accounts: Accounts }) {
  return {
    identity: new Identity(accounts, k.uploads, k.reviewAfter(IDENTITY_REVIEW_MS), (userId, verified) =>
      k.events.emit('identityDecided', { userId, verified }),
    ),
    payments: new Payments(accounts, k.uploads, k.now, k.reviewAfter(PAYMENT_REVIEW_MS), k.ids),
  };
}
