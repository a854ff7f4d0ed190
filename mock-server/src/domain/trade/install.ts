import type { Kernel } from '../kernel/area.ts';
import type { Liquidity } from '../market/liquidity.ts';
import type { Market } from '../market/market.ts';
import { Trade } from './trade.ts';

/** Spot orders, matched against the synthetic book. */
export function install(k: Kernel, { market, liquidity }: { market: Market; liquidity: Liquidity }) {
  const trade = new Trade(
    k.seed,
    market,
    liquidity,
    k.ledger,
    (userId, order) => k.events.emit('order', { userId, order }),
    (userId, fee) => k.events.emit('feePaid', { userId, fee }),
  );
  return { trade };
}
