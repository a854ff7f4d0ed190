/** Fiat (P2P) trading through merchant stores: the users' actions (domain), shaped by the fiat views (views/fiat.ts). */
import type { Handlers } from '../operations.ts';
import { fiatViews } from '../views/fiat.ts';

export const fiat = {
  listP2pAds: ({ world, query }) => fiatViews(world).listAds(query),
  getP2pStore: ({ world, query }) => fiatViews(world).storeView(query.id),
  listP2pOrders: ({ world, query, userId }) => fiatViews(world).ordersOf(userId, query ?? {}),
  placeP2pOrder: ({ world, body, userId }) => fiatViews(world).orderView(world.fiatActions.place(userId, body), userId),
  getP2pOrder: ({ world, query, userId }) => fiatViews(world).orderView(world.fiatActions.mine(userId, query.id), userId),
  actOnP2pOrder: ({ world, body, userId }) => {
    const order = world.fiatActions.act(userId, body, (password) => world.accounts.checkTransactionPassword(world.accounts.get(userId), password));
    return fiatViews(world).orderView(order, userId);
  },
  listP2pMessages: ({ world, query, userId }) => world.fiatActions.messages(userId, query.id).map((m) => ({ ...m })),
  sendP2pMessage: ({ world, body, userId }) => ({ ...world.fiatActions.send(userId, body) }),
  getMyP2pStore: ({ world, userId }) => fiatViews(world).merchant(userId),
  openP2pStore: ({ world, body, userId }) => {
    world.fiatActions.open(userId, body?.name);
    return fiatViews(world).merchant(userId);
  },
  renameP2pStore: ({ world, body, userId }) => {
    world.fiatActions.rename(userId, body.name);
    return fiatViews(world).merchant(userId);
  },
  publishP2pAd: ({ world, body, userId }) => fiatViews(world).ownAd(world.fiatActions.publish(userId, body)),
  setP2pAdOnline: ({ world, body, userId }) => fiatViews(world).ownAd(world.fiatActions.shelf(userId, body)),
  editP2pAd: ({ world, body, userId }) => fiatViews(world).ownAd(world.fiatActions.edit(userId, body)),
} satisfies Partial<Handlers>;
