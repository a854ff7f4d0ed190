import type { Kernel } from '../kernel/area.ts';
import { Accruals } from './accrual.ts';
import { Earn } from './earn.ts';

/** Lock-up mining, mining machines and coin savings, paid by one accrual engine. */
export function install(k: Kernel) {
  const accruals = new Accruals({
    now: k.now,
    ledger: k.ledger,
    scheduler: k.scheduler,
    onChange: (position) => k.events.emit('earnPosition', { userId: position.owner, position }),
  });
  return { accruals, earn: new Earn({ seed: k.seed, now: k.now, accruals }) };
}
