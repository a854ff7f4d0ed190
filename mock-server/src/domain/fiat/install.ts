import type { Accounts } from '../account/accounts.ts';
import type { Payments } from '../identity/payments.ts';
import type { Kernel } from '../kernel/area.ts';
import { maskAccount } from '../team/team.ts';
import { Fiat } from './fiat.ts';
import { FiatActions } from './actions.ts';

/** Fiat (P2P) trading through merchant stores, and the users' actions on it. */
export function install(k: Kernel, { accounts, payments }: { accounts: Accounts; payments: Payments }) {
  const fiat = new Fiat({
    seed: k.seed,
    now: k.now,
    nameOf: (owner) => {
      const user = accounts.byId(owner);
      return user ? maskAccount(user.account) : `Trader ${owner.slice(-4)}`;
    },
    ledger: k.ledger,
    scheduler: k.scheduler,
    collections: (userId) => payments.collections(userId),
    // Both sides hear an order's change and its chat.
    onOrder: (order) => {
      for (const userId of [order.buyer, order.seller]) k.events.emit('p2pOrder', { userId, order });
    },
    onMessage: (order, message) => {
      for (const userId of [order.buyer, order.seller]) k.events.emit('p2pMessage', { userId, order, message });
    },
    dropImage: (id) => k.uploads.dropChat(id),
  });
  const fiatActions = new FiatActions(
    fiat,
    (userId) => {
      const user = accounts.byId(userId);
      return {
        realName: user?.verification === 'verified',
        paymentMethod: payments.hasVerified(userId),
        transactionPassword: Boolean(user?.transactionHash),
      };
    },
    (userId) => accounts.byId(userId)?.nickname ?? userId,
    k.uploads,
  );
  return { fiat, fiatActions };
}
