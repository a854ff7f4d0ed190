/** System messages. */
import type { Handlers } from '../operations.ts';

export const messages = {
  listMessages: ({ world, query, userId }) => world.messages.list(userId, query ?? {}),
  readMessage: ({ world, body, userId }) => world.messages.read(userId, body.id),
  readAllMessages: ({ world, userId }) => world.messages.readAll(userId),
} satisfies Partial<Handlers>;
