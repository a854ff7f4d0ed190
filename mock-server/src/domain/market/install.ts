import type { Kernel } from '../kernel/area.ts';
import { Liquidity } from './liquidity.ts';
import { Market } from './market.ts';

/** The market: prices and candles on the virtual clock, and the synthetic book and tape around them. */
export function install(k: Kernel) {
  const market = new Market(k.seed, k.start);
  return { market, liquidity: new Liquidity(k.seed, market) };
}
