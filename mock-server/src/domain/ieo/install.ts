import type { Kernel } from '../kernel/area.ts';
import { Ieo } from './ieo.ts';

export function install(k: Kernel) {
  const ieo = new Ieo({
    seed: k.seed,
    now: k.now,
    ledger: k.ledger,
    scheduler: k.scheduler,
    onChange: (subscription) => k.events.emit('ieoSubscription', { userId: subscription.owner, subscription }),
  });
  return { ieo };
}
