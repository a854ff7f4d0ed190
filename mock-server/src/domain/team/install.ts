import type { Accounts } from '../account/accounts.ts';
import type { Kernel } from '../kernel/area.ts';
import type { Market } from '../market/market.ts';
import { Team } from './team.ts';

/** The referral team and its rebates (reactions.ts pays them on the members' fees). */
export function install(k: Kernel, { accounts, market }: { accounts: Accounts; market: Market }) {
  const team = new Team({
    seed: k.seed,
    accounts,
    ledger: k.ledger,
    market,
    now: k.now,
    onRebate: (userId, rebate) => k.events.emit('rebate', { userId, rebate }),
  });
  return { team };
}
