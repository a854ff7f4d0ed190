import type { Accounts } from '../account/accounts.ts';
import type { Kernel } from '../kernel/area.ts';
import type { Market } from '../market/market.ts';
import { Exchange } from './exchange.ts';
import { RecordBook } from './records.ts';
import { Wallet, type WalletDeps } from './wallet.ts';
import { Withdrawals } from './withdrawals.ts';

/** The wallet (deposits, recharges, records), withdrawals, and transfers and flash exchange. */
export function install(k: Kernel, { accounts, market }: { accounts: Accounts; market: Market }) {
  const money: WalletDeps = {
    seed: k.seed,
    ledger: k.ledger,
    accounts,
    uploads: k.uploads,
    market,
    scheduler: k.scheduler,
    records: new RecordBook(k.seed, (userId, record) => k.events.emit('record', { userId, record })),
    now: k.now,
    review: (delay, decide) => k.reviewAfter(delay)(decide),
  };
  return { wallet: new Wallet(money), withdrawals: new Withdrawals(money), exchange: new Exchange(money) };
}
