import type { Kernel } from '../kernel/area.ts';
import { Accounts } from './accounts.ts';

/** Accounts: credentials, codes and sessions. */
export function install(k: Kernel) {
  return { accounts: new Accounts(k.seed, k.now, (userId, token) => k.events.emit('sessionEnded', { userId, token })) };
}
