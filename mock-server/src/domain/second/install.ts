import type { Kernel } from '../kernel/area.ts';
import type { Liquidity } from '../market/liquidity.ts';
import type { Market } from '../market/market.ts';
import { Second } from './second.ts';

/** Second contracts, settled at the price of their expiry second. */
export function install(k: Kernel, { market, liquidity }: { market: Market; liquidity: Liquidity }) {
  const second = new Second({
    seed: k.seed,
    market,
    ledger: k.ledger,
    isOpen: (symbol) => !liquidity.halted.has(symbol),
    onOrder: (userId, order) => k.events.emit('secondOrder', { userId, order }),
  });
  return { second };
}
