import type { Accounts } from '../account/accounts.ts';
import type { Kernel } from '../kernel/area.ts';
import { Support } from './support.ts';

export function install(k: Kernel, { accounts }: { accounts: Accounts }) {
  const support = new Support({
    seed: k.seed,
    now: k.now,
    scheduler: k.scheduler,
    accounts,
    uploads: k.uploads,
    onMessage: (userId, message, unread) => k.events.emit('supportMessage', { userId, message, unread }),
    onTyping: (userId, typing) => k.events.emit('supportTyping', { userId, typing }),
    onRead: (userId, until) => k.events.emit('supportRead', { userId, until }),
  });
  return { support };
}
