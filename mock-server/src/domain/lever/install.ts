import type { Kernel } from '../kernel/area.ts';
import type { Market } from '../market/market.ts';
import { Lever } from './lever.ts';

/** Leveraged positions and their lever account. */
export function install(k: Kernel, { market }: { market: Market }) {
  const lever = new Lever({
    seed: k.seed,
    market,
    ledger: k.ledger,
    onOrder: (userId, order) => k.events.emit('leverOrder', { userId, order }),
    onAccount: (userId, account) => k.events.emit('leverAccount', { userId, account }),
  });
  return { lever };
}
