/** Trade: spot orders. */
import type { Handlers } from '../operations.ts';

export const trade = {
  placeOrder: ({ world, body, userId }) => world.trade.place(userId, body),
  cancelOrder: ({ world, body, userId }) => world.trade.cancel(userId, body.id),
  listOrders: ({ world, query, userId }) => world.trade.list(userId, query ?? {}),
} satisfies Partial<Handlers>;
