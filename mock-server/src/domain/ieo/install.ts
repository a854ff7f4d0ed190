import type { Kernel } from '../kernel/area.ts';
import type { Market } from '../market/market.ts';
import { Ieo } from './ieo.ts';

export function install(k: Kernel, { market }: { market: Market }) {
  const ieo = new Ieo({
    seed: k.seed,
    now: k.now,
    ledger: k.ledger,
    scheduler: k.scheduler,
    lastPrice: (coin) => (market.has(`${coin}/USDT`) ? market.snapshot(`${coin}/USDT`).last : undefined),
    onChange: (subscription) => k.events.emit('ieoSubscription', { userId: subscription.owner, subscription }),
  });
  return { ieo };
}
