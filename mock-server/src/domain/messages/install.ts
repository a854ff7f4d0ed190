import type { Kernel } from '../kernel/area.ts';
import { Messages } from './messages.ts';

/** System messages (what reactions.ts sends on other areas' events). */
export function install(k: Kernel) {
  return { messages: new Messages(k.seed, k.now, (userId, message, unread) => k.events.emit('systemMessage', { userId, message, unread })) };
}
