/**
 * The fiat market as the API shows it: ads with their store's record, stores, an order as each of
 * its sides sees it (its actions, the collection account only while it is open), the caller's
 * orders, and the merchant page. Market pages and stores are answered from a cache (frozen) until
 * the clock or the market moves. One per world (`fiatViews`).
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import { coinAmount } from '../../domain/assets/coins.ts';
import type { FiatActions } from '../../domain/fiat/actions.ts';
import type { Fiat } from '../../domain/fiat/fiat.ts';
import { allowed, type P2pStatus } from '../../domain/fiat/machine.ts';
import { fiatPlaces, type Ad, type AdSide, type Order, type PaymentType, type Store } from '../../domain/fiat/model.ts';
import { DomainError } from '../../domain/kernel/errors.ts';
import { FrozenCache } from '../../domain/kernel/frozen.ts';
import { paged } from '../../domain/kernel/paging.ts';
import { storeStats, type StoreStats } from '../../domain/fiat/stats.ts';
import type { World } from '../../domain/world.ts';

type Schemas = components['schemas'];
const OPEN: ReadonlySet<P2pStatus> = new Set<P2pStatus>(['waiting_payment', 'paid', 'abnormal', 'appeal']);

export class FiatViews {
  /** Market pages (per query) and stores (per id) as last answered (frozen): the same until the clock or the market moves. */
  private readonly adPages = new FrozenCache<Schemas['P2pAdPage']>(64);
  private readonly storeAnswers = new FrozenCache<Schemas['P2pStore']>(64);

  constructor(
    private readonly fiat: Fiat,
    private readonly actions: FiatActions,
  ) {}

  /** A store's record and presence (domain/fiat/stats.ts), from its real orders. */
  private stats(store: Store): StoreStats {
    const orders = [...this.fiat.orders.values()].filter((o) => o.storeId === store.id);
    return storeStats(store, orders, this.fiat.deps.now());
  }

  /** `stats` for the ads of one answer: each store's once (they scan every order). */
  private statsOnce(): (store: Store) => StoreStats {
    const known = new Map<string, StoreStats>();
    return (store) => {
      let stats = known.get(store.id);
      if (!stats) known.set(store.id, (stats = this.stats(store)));
      return stats;
    };
  }

  private adView(ad: Ad, stats: (store: Store) => StoreStats = (store) => this.stats(store)): Schemas['P2pAd'] {
    const store = this.fiat.stores.get(ad.storeId)!;
    const { completedOrders: _, ...summary } = stats(store);
    const places = fiatPlaces(ad.fiat);
    return {
      id: ad.id,
      store: { id: store.id, name: store.name, ...summary, levels: { ...store.levels } },
      side: ad.side,
      coin: ad.coin,
      fiat: ad.fiat as Schemas['FiatCurrency'],
      price: ad.price.toFixed(places),
      available: coinAmount(ad.coin, ad.remaining),
      min: ad.min.toFixed(places),
      max: ad.max.toFixed(places),
      payments: [...ad.payments],
      payWindowMinutes: Math.round(ad.payWindowMs / 60_000),
    };
  }

  /**
   * The market: what a user can buy (merchants' sell ads) or sell into (buy ads), the best price
   * for the user first (cheapest to buy, highest to sell), or by `sort` the highest 30-day
   * completion rate first (stores without one last), then the best price; then the oldest ad.
   */
  listAds(q: {
    side: 'buy' | 'sell';
    sort?: 'price' | 'completion';
    coin: string;
    fiat: string;
    payment?: PaymentType;
    amount?: string;
    page?: number;
    pageSize?: number;
  }): Schemas['P2pAdPage'] {
    const key = JSON.stringify([q.side, q.coin, q.fiat, q.payment, q.amount, q.sort ?? 'price', q.page, q.pageSize]);
    return this.adPages.get(key, this.stamp(), () => this.adPage(q));
  }

  /** What the market's views are made from: the stores, ads and orders, and the clock (a store's last 30 days). */
  private stamp(): string {
    return `${this.fiat.deps.now()}|${this.fiat.version}`;
  }

  private adPage(q: Parameters<FiatViews['listAds']>[0]): Schemas['P2pAdPage'] {
    const adSide: AdSide = q.side === 'buy' ? 'sell' : 'buy';
    const amount = q.amount !== undefined ? new Big(q.amount) : undefined;
    const all = [...this.fiat.ads.values()]
      .filter((a) => a.online && a.side === adSide && a.coin === q.coin && a.fiat === q.fiat && a.remaining.gt(0))
      .filter((a) => !q.payment || a.payments.includes(q.payment))
      .filter((a) => !amount || (a.min.lte(amount) && a.max.gte(amount)));
    const stats = this.statsOnce();
    const byPrice = (a: Ad, b: Ad) => (adSide === 'sell' ? a.price.cmp(b.price) : b.price.cmp(a.price));
    // No rate (no order counted) comes below any rate.
    const rate = (a: Ad) => new Big(stats(this.fiat.stores.get(a.storeId)!).completionRate30d ?? -1);
    const byRate = (a: Ad, b: Ad) => (q.sort === 'completion' ? rate(b).cmp(rate(a)) : 0);
    all.sort((a, b) => byRate(a, b) || byPrice(a, b) || a.createdAt - b.createdAt);
    const page = paged(all, q);
    return { ...page, items: page.items.map((a) => this.adView(a, stats)) };
  }

  storeView(id: string): Schemas['P2pStore'] {
    const store = this.fiat.stores.get(id);
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
      ads: [...this.fiat.ads.values()].filter((a) => a.storeId === id && a.online && a.remaining.gt(0)).map((a) => this.adView(a, stats)),
    };
  }

  /** An order as one of its sides sees it. */
  orderView(order: Order, userId: string): Schemas['P2pOrder'] {
    const role = this.fiat.roleOf(order, userId);
    const store = this.fiat.stores.get(order.storeId)!;
    const other = role === 'buyer' ? order.seller : order.buyer;
    const places = fiatPlaces(order.fiat);
    return {
      id: order.id,
      orderNo: order.orderNo,
      reference: order.reference,
      adId: order.adId,
      storeId: store.id,
      storeName: store.name,
      role,
      counterparty: other === store.owner ? store.name : (this.fiat.deps.nameOf?.(other) ?? other),
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
    const store = q.scope === 'store' ? this.fiat.storeOf(userId) : undefined;
    const all = [...this.fiat.orders.values()]
      .filter((o) => (o.buyer === userId || o.seller === userId) && (status === 'open' ? OPEN.has(o.status) : o.status === status))
      .filter((o) => q.scope !== 'store' || o.storeId === store?.id)
      .reverse();
    const page = paged(all, q);
    return { ...page, items: page.items.map((o) => this.orderView(o, userId)) };
  }

  /** An ad of the caller's store, as its merchant sees it (online or not). */
  ownAd(ad: Ad): Schemas['P2pAd'] {
    return { ...this.adView(ad), online: ad.online };
  }

  /** The caller's merchant page: what opening a store requires, and the store with every ad. */
  merchant(userId: string): Schemas['P2pMerchant'] {
    const store = this.fiat.storeOf(userId);
    return {
      requirements: this.actions.requirements(userId),
      ...(store
        ? {
            store: {
              ...this.storeView(store.id),
              ads: [...this.fiat.ads.values()].filter((a) => a.storeId === store.id).map((a) => this.ownAd(a)),
            },
          }
        : {}),
    };
  }
}

const views = new WeakMap<World, FiatViews>();

/** The fiat views of a world (their caches go with it). */
export function fiatViews(world: World): FiatViews {
  let v = views.get(world);
  if (!v) views.set(world, (v = new FiatViews(world.fiat, world.fiatActions)));
  return v;
}
