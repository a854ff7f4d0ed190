/** Second contracts. */
import type { Handlers } from '../operations.ts';

export const second = {
  getSecondTerms: ({ world }) => world.second.terms(),
  buySecond: ({ world, body, userId }) => world.second.buy(userId, body),
  listSecondOrders: ({ world, query, userId }) => world.second.list(userId, query ?? {}),
} satisfies Partial<Handlers>;
