/**
 * The fiat market as the API shows it: ads with their store's record, stores, an order as each of
 * its sides sees it (its actions, the collection account only while it is open), and the
 * operations' requests turned into the domain's calls (fiat.ts).
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import { DAY } from '../market/candles.ts';
import { coinAmount } from '../assets/coins.ts';
import { DomainError } from '../kernel/errors.ts';
import { FrozenCache } from '../kernel/frozen.ts';
import { AttemptLimiter } from '../kernel/limits.ts';
import { allowed, transition, type P2pStatus } from './machine.ts';
import { paged } from '../kernel/paging.ts';
import type { Fiat } from './fiat.ts';
import { fiatPlaces, type Ad, type AdSide, type Order, type PaymentType, type Store } from './model.ts';
import type { Uploads } from '../kernel/uploads.ts';

type Schemas = components['schemas'];
const OPEN: ReadonlySet<P2pStatus> = new Set<P2pStatus>(['waiting_payment', 'paid', 'abnormal', 'appeal']);

/** An ad's terms from a publish or edit request: decimals parsed (the contract bounded them), payment methods each once. */
const terms = (req: Schemas['EditP2pAdRequest'] | Schemas['PublishP2pAdRequest']) => ({
  price: new Big(req.price),
  remaining: new Big(req.quantity),
  min: new Big(req.min),
  max: new Big(req.max),
  payments: [...new Set(req.payments.split(','))] as PaymentType[],
});

/** Whether a user meets each requirement of a store. */
export type Requirements = (userId: string) => Schemas['P2pRequirements'];

/** Messages one side may write in one order's chat per minute. */
export const P2P_CHAT_LIMIT = { max: 20, windowMs: 60_000 } as const;

export class FiatViews {
  private readonly written: AttemptLimiter;
  /** Market pages (per query) and stores (per id) as last answered (frozen): the same until the clock or the market moves. */
  private readonly adPages = new FrozenCache<Schemas['P2pAdPage']>(64);
  private readonly storeAnswers = new FrozenCache<Schemas['P2pStore']>(64);

  constructor(
    private readonly p2p: Fiat,
    private readonly requirements: Requirements,
    private readonly storeName: (userId: string) => string,
    private readonly uploads: Uploads,
  ) {
    this.written = new AttemptLimiter(P2P_CHAT_LIMIT, p2p.deps.now);
  }

  private stats(store: Store) {
    const orders = [...this.p2p.orders.values()].filter((o) => o.storeId === store.id);
    const since = this.p2p.deps.now() - 30 * DAY;
    const total = store.history.total + orders.length;
    const completed = store.history.completed + orders.filter((o) => o.status === 'completed').length;
    return {
      totalOrders: total,
      completedOrders: completed,
      orders30d: store.history.last30d + orders.filter((o) => o.createdAt >= since).length,
      completionRate: total ? new Big(completed).div(total).round(4, Big.roundDown).toFixed(4) : '0.0000',
    };
  }

  /** `stats` for the ads of one answer: each store's once (they scan every order). */
  private statsOnce(): (store: Store) => ReturnType<FiatViews['stats']> {
    const known = new Map<string, ReturnType<FiatViews['stats']>>();
    return (store) => {
      let stats = known.get(store.id);
      if (!stats) known.set(store.id, (stats = this.stats(store)));
      return stats;
    };
  }

  private adView(ad: Ad, stats: (store: Store) => ReturnType<FiatViews['stats']> = (store) => this.stats(store)): Schemas['P2pAd'] {
    const store = this.p2p.stores.get(ad.storeId)!;
    const { completionRate, orders30d } = stats(store);
    const places = fiatPlaces(ad.fiat);
    return {
      id: ad.id,
      store: { id: store.id, name: store.name, completionRate, orders30d, levels: { ...store.levels } },
      side: ad.side,
      coin: ad.coin,
      fiat: ad.fiat as Schemas['FiatCurrency'],
      price: ad.price.toFixed(places),
      available: coinAmount(ad.coin, ad.remaining),
      min: ad.min.toFixed(places),
      max: ad.max.toFixed(places),
      payments: [...ad.payments],
    };
  }

  /** The market: what a user can buy (merchants' sell ads, cheapest first) or sell into (buy ads, best price first). */
  listAds(q: {
    side: 'buy' | 'sell';
    coin: string;
    fiat: string;
    payment?: PaymentType;
    amount?: string;
    page?: number;
    pageSize?: number;
  }): Schemas['P2pAdPage'] {
    const key = JSON.stringify([q.side, q.coin, q.fiat, q.payment, q.amount, q.page, q.pageSize]);
    return this.adPages.get(key, this.stamp(), () => this.adPage(q));
  }

  /** What the market's views are made from: the stores, ads and orders, and the clock (a store's last 30 days). */
  private stamp(): string {
    return `${this.p2p.deps.now()}|${this.p2p.version}`;
  }

  private adPage(q: Parameters<FiatViews['listAds']>[0]): Schemas['P2pAdPage'] {
    const adSide: AdSide = q.side === 'buy' ? 'sell' : 'buy';
    const amount = q.amount !== undefined ? new Big(q.amount) : undefined;
    const all = [...this.p2p.ads.values()]
      .filter((a) => a.online && a.side === adSide && a.coin === q.coin && a.fiat === q.fiat && a.remaining.gt(0))
      .filter((a) => !q.payment || a.payments.includes(q.payment))
      .filter((a) => !amount || (a.min.lte(amount) && a.max.gte(amount)))
      .sort((a, b) => (adSide === 'sell' ? a.price.cmp(b.price) : b.price.cmp(a.price)) || a.createdAt - b.createdAt);
    const page = paged(all, q);
    const stats = this.statsOnce();
    return { ...page, items: page.items.map((a) => this.adView(a, stats)) };
  }

  storeView(id: string): Schemas['P2pStore'] {
    const store = this.p2p.stores.get(id);
    if (!store) throw new DomainError('not_found', 'This store does not exist');
    return this.storeAnswers.get(id, this.stamp(), () => this.storeOf(store));
  }

  private storeOf(store: Store): Schemas['P2pStore'] {
    const id = store.id;
    const stats = this.statsOnce();
    return {
      id: store.id,
      name: store.name,
      registeredAt: store.registeredAt,
      ...stats(store),
      levels: { ...store.levels },
      ads: [...this.p2p.ads.values()].filter((a) => a.storeId === id && a.online && a.remaining.gt(0)).map((a) => this.adView(a, stats)),
    };
  }

  /** An order as one of its sides sees it. */
  orderView(order: Order, userId: string): Schemas['P2pOrder'] {
    const role = this.p2p.roleOf(order, userId);
    const store = this.p2p.stores.get(order.storeId)!;
    const other = role === 'buyer' ? order.seller : order.buyer;
    const places = fiatPlaces(order.fiat);
    return {
      id: order.id,
      reference: order.reference,
      adId: order.adId,
      storeId: store.id,
      storeName: store.name,
      role,
      counterparty: other === store.owner ? store.name : (this.p2p.deps.nameOf?.(other) ?? other),
      coin: order.coin,
      fiat: order.fiat as Schemas['FiatCurrency'],
      price: order.price.toFixed(places),
      quantity: coinAmount(order.coin, order.quantity),
      amount: order.amount.toFixed(places),
      // The collection account, while the order may still be paid or is being settled; never after it ends.
      ...(OPEN.has(order.status) ? { payment: { ...order.payment } } : {}),
      status: order.status,
      createdAt: order.createdAt,
      deadline: order.deadline,
      ...(order.paidAt !== undefined ? { paidAt: order.paidAt } : {}),
      ...(order.finishedAt !== undefined ? { finishedAt: order.finishedAt } : {}),
      ...(order.cancelledBy ? { cancelledBy: order.cancelledBy } : {}),
      ...(order.appeal
        ? {
            appeal: {
              by: order.appeal.by,
              reason: order.appeal.reason,
              openedAt: order.appeal.openedAt,
              status: order.appeal.status,
              ...(order.appeal.outcome ? { outcome: order.appeal.outcome } : {}),
            },
          }
        : {}),
      actions: allowed(order.status, role).filter((a): a is Schemas['P2pAction'] => a !== 'withdraw_appeal' || order.appeal?.by === role),
    };
  }

  ordersOf(
    userId: string,
    q: { status?: 'open' | 'completed' | 'cancelled'; scope?: 'all' | 'store'; page?: number; pageSize?: number },
  ): Schemas['P2pOrderPage'] {
    const status = q.status ?? 'open';
    const store = q.scope === 'store' ? this.p2p.storeOf(userId) : undefined;
    const all = [...this.p2p.orders.values()]
      .filter((o) => (o.buyer === userId || o.seller === userId) && (status === 'open' ? OPEN.has(o.status) : o.status === status))
      .filter((o) => q.scope !== 'store' || o.storeId === store?.id)
      .reverse();
    const page = paged(all, q);
    return { ...page, items: page.items.map((o) => this.orderView(o, userId)) };
  }

  /** placeP2pOrder: the request's decimals parsed (the contract bounded them), the order as the caller sees it. */
  placeRequest(userId: string, req: Schemas['PlaceP2pOrderRequest']): Schemas['P2pOrder'] {
    const by = req.quantity !== undefined ? { quantity: new Big(req.quantity) } : { amount: new Big(req.amount!) };
    return this.orderView(this.p2p.place(userId, req.adId, by, req.payment), userId);
  }

  /**
   * actOnP2pOrder: the step is checked against the state machine before `checkPassword` runs (a
   * confirm that could not happen costs no password attempt), then taken.
   */
  actRequest(userId: string, req: Schemas['P2pActionRequest'], checkPassword: (password: string) => void): Schemas['P2pOrder'] {
    const order = this.mine(userId, req.id);
    const role = this.p2p.roleOf(order, userId);
    transition(order.status, req.action, role, order.appeal?.before);
    if (req.action === 'confirm') checkPassword(req.transactionPassword ?? '');
    this.p2p.act(order, req.action, role, undefined, { reason: req.reason });
    return this.orderView(order, userId);
  }

  /** listP2pMessages: the chat as kept (its newest P2P_CHAT_HISTORY_MAX messages), oldest first. */
  messages(userId: string, id: string): Schemas['P2pMessage'][] {
    return this.mine(userId, id).chat.map((m) => ({ ...m }));
  }

  /** sendP2pMessage: checked in the contract's order; an image becomes readable by the other side. */
  send(userId: string, req: Schemas['P2pMessageRequest']): Schemas['P2pMessage'] {
    const order = this.mine(userId, req.id);
    const role = this.p2p.roleOf(order, userId);
    const text = req.text?.trim() ?? '';
    if (!text && !req.image) throw new DomainError('field_required', 'Please enter a message or choose an image');
    if (order.status === 'completed' || order.status === 'cancelled') throw new DomainError('p2p_order_closed', 'This order is already completed or cancelled');
    const key = `${order.id}|${role}`;
    this.written.check(key);
    if (req.image) this.uploads.share(this.uploads.claimChat(userId, req.image), role === 'buyer' ? order.seller : order.buyer);
    this.written.fail(key);
    return { ...this.p2p.say(order, role, { ...(text ? { text } : {}), ...(req.image ? { image: req.image } : {}) }) };
  }

  /** An order of the caller's, or not_found (someone else's looks the same as none). */
  mine(userId: string, id: string): Order {
    const order = this.p2p.orders.get(id);
    this.p2p.roleOf(order, userId);
    return order!;
  }

  // ---- the merchant's side ----------------------------------------------------------------

  merchant(userId: string): Schemas['P2pMerchant'] {
    const store = this.p2p.storeOf(userId);
    return {
      requirements: this.requirements(userId),
      ...(store
        ? {
            store: {
              ...this.storeView(store.id),
              ads: [...this.p2p.ads.values()].filter((a) => a.storeId === store.id).map((a) => ({ ...this.adView(a), online: a.online })),
            },
          }
        : {}),
    };
  }

  /** Opens the caller's store once each requirement is met (in this order); again, the same store. */
  open(userId: string): Schemas['P2pMerchant'] {
    if (!this.p2p.storeOf(userId)) {
      const r = this.requirements(userId);
      if (!r.realName) throw new DomainError('real_name_required', 'Please complete real-name authentication first', '998');
      if (!r.paymentMethod) throw new DomainError('p2p_no_payment_method', 'Add a verified payment method first', '997');
      if (!r.transactionPassword) throw new DomainError('no_transaction_password', 'No transaction password set');
      this.p2p.openStore(userId, this.storeName(userId), 'user', { mobile: true, realName: true, advanced: false });
    }
    return this.merchant(userId);
  }

  private myStore(userId: string): Store {
    const store = this.p2p.storeOf(userId);
    if (!store) throw new DomainError('p2p_not_merchant', 'Open your store first');
    return store;
  }

  publishRequest(userId: string, req: Schemas['PublishP2pAdRequest']): Schemas['P2pAd'] {
    const store = this.myStore(userId);
    const ad = this.p2p.publish(store.id, { side: req.side, coin: req.coin, fiat: req.fiat, ...terms(req) });
    return { ...this.adView(ad), online: ad.online };
  }

  shelfRequest(userId: string, req: Schemas['P2pShelfRequest']): Schemas['P2pAd'] {
    const ad = this.myAd(userId, req.id);
    this.p2p.setOnline(ad, req.online);
    return { ...this.adView(ad), online: ad.online };
  }

  editRequest(userId: string, req: Schemas['EditP2pAdRequest']): Schemas['P2pAd'] {
    const ad = this.myAd(userId, req.id);
    this.p2p.edit(ad, terms(req));
    return { ...this.adView(ad), online: ad.online };
  }

  /** An ad of the caller's store, or not_found. */
  private myAd(userId: string, id: string): Ad {
    const store = this.myStore(userId);
    const ad = this.p2p.ads.get(id);
    if (!ad || ad.storeId !== store.id) throw new DomainError('not_found', 'This ad does not exist');
    return ad;
  }
}
