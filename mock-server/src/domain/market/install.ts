import type { Kernel } from '../kernel/area.ts';
import { Favorites } from './favorites.ts';
import { Liquidity } from './liquidity.ts';
import { Market } from './market.ts';

/** The market: prices and candles on the virtual clock, the synthetic book and tape around them, and the users' favourite symbols. */
export function install(k: Kernel) {
  const market = new Market(k.seed, k.start);
  return { market, liquidity: new Liquidity(k.seed, market), favorites: new Favorites(market) };
}
