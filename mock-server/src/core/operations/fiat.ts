/** Fiat (P2P) trading through merchant stores. */
import type { Handlers } from '../operations.ts';

export const fiat = {
  listP2pAds: ({ world, query }) => world.fiatViews.listAds(query),
  getP2pStore: ({ world, query }) => world.fiatViews.storeView(query.id),
  listP2pOrders: ({ world, query, userId }) => world.fiatViews.ordersOf(userId, query ?? {}),
  placeP2pOrder: ({ world, body, userId }) => world.fiatViews.placeRequest(userId, body),
  getP2pOrder: ({ world, query, userId }) => world.fiatViews.orderView(world.fiatViews.mine(userId, query.id), userId),
  actOnP2pOrder: ({ world, body, userId }) =>
    world.fiatViews.actRequest(userId, body, (password) => world.accounts.checkTransactionPassword(world.accounts.get(userId), password)),
  listP2pMessages: ({ world, query, userId }) => world.fiatViews.messages(userId, query.id),
  sendP2pMessage: ({ world, body, userId }) => world.fiatViews.send(userId, body),
  getMyP2pStore: ({ world, userId }) => world.fiatViews.merchant(userId),
  openP2pStore: ({ world, userId }) => world.fiatViews.open(userId),
  publishP2pAd: ({ world, body, userId }) => world.fiatViews.publishRequest(userId, body),
  setP2pAdOnline: ({ world, body, userId }) => world.fiatViews.shelfRequest(userId, body),
  editP2pAd: ({ world, body, userId }) => world.fiatViews.editRequest(userId, body),
} satisfies Partial<Handlers>;
