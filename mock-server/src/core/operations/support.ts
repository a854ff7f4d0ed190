/** Online support (a user, or a guest by its key). */
import type { Handlers } from '../operations.ts';

export const support = {
  startSupportGuest: ({ world, body, client }) => world.support.startGuest(body?.key, client),
  getSupportChat: ({ world, query, token }) => world.support.chat(world.support.ownerOf(token), query ?? {}),
  getSupportUnread: ({ world, token }) => ({ unread: world.support.unread(world.support.ownerOf(token)) }),
  sendSupportMessage: ({ world, body, token }) => world.support.send(world.support.ownerOf(token), body),
  readSupport: ({ world, token }) => world.support.read(world.support.ownerOf(token)),
} satisfies Partial<Handlers>;
