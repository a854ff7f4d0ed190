/** Trade: spot orders and favourite symbols. */
import type { Handlers } from '../operations.ts';

export const trade = {
  listFavorites: ({ world, userId }) => world.trade.listFavorites(userId),
  setFavorite: ({ world, body, userId }) => world.trade.setFavorite(userId, body.symbol, body.favorite),
  placeOrder: ({ world, body, userId }) => world.trade.place(userId, body),
  cancelOrder: ({ world, body, userId }) => world.trade.cancel(userId, body.id),
  listOrders: ({ world, query, userId }) => world.trade.list(userId, query ?? {}),
} satisfies Partial<Handlers>;
