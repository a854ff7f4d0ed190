/** Lever: leveraged contracts. */
import type { Handlers } from '../operations.ts';

export const lever = {
  listLeverSymbols: ({ world }) => [...world.lever.symbols()],
  getLeverAccount: ({ world, userId }) => world.lever.account(userId),
  openLever: ({ world, body, userId }) => world.lever.open(userId, body),
  cancelLever: ({ world, body, userId }) => world.lever.cancel(userId, body.id),
  setLeverTpSl: ({ world, body, userId }) => world.lever.setTpSl(userId, body),
  closeLever: ({ world, body, userId }) => world.lever.close(userId, body),
  placeLeverCloseOrder: ({ world, body, userId }) => world.lever.placeCloseOrder(userId, body),
  cancelLeverCloseOrder: ({ world, body, userId }) => world.lever.cancelCloseOrder(userId, body.id),
  closeAllLever: ({ world, userId }) => world.lever.closeAll(userId),
  listLeverOrders: ({ world, query, userId }) => world.lever.list(userId, query ?? {}),
} satisfies Partial<Handlers>;
