/**
 * Fiat P2P trading through merchant stores: ads, orders with escrow, the state machine of
 * machine.ts, the buying restriction, appeals, the order chat, and the simulated merchants and
 * counterparties of the mock.
 *
 * Money: coin lives in the `fiat` account. A sell ad (the merchant sells coin) reserves its
 * remaining quantity at publication: frozen in the merchant's fiat account, so no order can take
 * what the merchant no longer has. An order takes its quantity from that reservation into escrow
 * (still frozen: no posting); an order on a buy ad (the user sells to the merchant) freezes the
 * user's coin into escrow when it is placed. Completion moves the escrow to the buyer's available
 * balance in one posting; cancellation returns it to the ad's reservation while the ad is online
 * (else to the seller's available balance). The fiat money itself moves outside the platform.
 */
import Big from 'big.js';
import { paymentMethodTypeValues } from '../../../../contracts/generated/enums.ts';
import { DAY } from '../market/candles.ts';
import { coinInfo } from '../assets/coins.ts';
import { DomainError } from '../kernel/errors.ts';
import { insufficient } from '../kernel/ledger.ts';
import { FINAL, transition, type P2pAction, type P2pActor } from './machine.ts';
import { OwnedIds, Rng } from '../kernel/random.ts';
import { orderNumber } from './order-number.ts';
import { checkAdTerms } from './terms.ts';
import { simulateCounterparty, simulated, simulateTaker } from './counterparties.ts';
import { trimChat } from '../kernel/uploads.ts';
import {
  fiatPlaces,
  P2P_CANCEL_LIMIT,
  P2P_CHAT_HISTORY_MAX,
  P2P_OPEN_ORDER_LIMIT,
  P2P_TIMES,
  type Ad,
  type Behaviour,
  type ChatMessage,
  type Collection,
  type FiatDeps,
  type Order,
  type PaymentType,
  type Store,
  type StoreHistory,
} from './model.ts';

/** What support writes in an order's chat when an appeal opens and when it is decided: a code with its values, and its English wording. */
const SUPPORT_SAYS = {
  appeal_opened: (by: string) =>
    `Support has joined: the ${by} appealed. We read this chat and the proofs in it; please post your payment receipt or bank statement here. We decide within 30 minutes.`,
  appeal_reopened: (by: string) => `The ${by} appealed again. Support is still here and decides within 30 minutes.`,
  decided_buyer: () => 'Decided for the buyer: the payment was confirmed, the coins are released to the buyer.',
  decided_seller: () => 'Decided for the seller: the payment could not be confirmed, the order is cancelled and the coins go back to the seller.',
} as const;

export class Fiat {
  readonly stores = new Map<string, Store>();
  readonly ads = new Map<string, Ad>();
  readonly orders = new Map<string, Order>();
  private readonly ids: OwnedIds;
  private readonly cancels = new Map<string, number[]>();
  /** Order numbers given so far: the count behind the next one, and each one once (checked on create). */
  private readonly orderNos = new Set<string>();
  private changes = 0;

  /** Grows with every change of a store, an ad or an order: what the market shows is the same until it moves (or the clock does). */
  get version(): number {
    return this.changes;
  }

  constructor(readonly deps: FiatDeps) {
    this.ids = new OwnedIds(deps.seed);
  }

  // ---- stores and ads ---------------------------------------------------------------------

  storeOf(owner: string): Store | undefined {
    return [...this.stores.values()].find((s) => s.owner === owner);
  }

  openStore(
    owner: string,
    name: string,
    behaviour: Behaviour,
    levels: Store['levels'],
    registeredAt = this.deps.now(),
    history: StoreHistory = { total: 0, completed: 0, recent: [] },
  ): Store {
    const store: Store = { id: this.ids.next('st', owner), owner, name, registeredAt, levels, behaviour, history, lastActiveAt: registeredAt };
    // A simulated merchant works 6 to 14 hours a day, from an hour of its own (UTC).
    if (behaviour !== 'user') {
      const rng = new Rng(this.deps.seed, `p2p-hours:${owner}`);
      store.hours = { start: rng.int(0, 23), length: rng.int(6, 14) };
    }
    this.stores.set(store.id, store);
    this.changes++;
    return store;
  }

  /** A store's new name (store-names.ts checked it). */
  rename(store: Store, name: string): void {
    store.name = name;
    this.touch(store.owner);
  }

  /** The merchant `owner` (if it has a store) did something in it now: online for a while (stats.ts). */
  touch(owner: string): void {
    const store = this.storeOf(owner);
    if (!store) return;
    store.lastActiveAt = this.deps.now();
    this.changes++;
  }

  /** Publishes an ad of a store; a sell ad reserves its quantity in the merchant's fiat account. */
  publish(storeId: string, ad: Omit<Ad, 'id' | 'storeId' | 'online' | 'createdAt' | 'payWindowMs'> & { payWindowMs?: number }): Ad {
    const store = this.stores.get(storeId)!;
    checkAdTerms(ad);
    // Refused before the ad exists: a publish that cannot go online leaves nothing behind (no offline ad, no id used).
    this.checkReservable(store.owner, ad);
    const created: Ad = {
      payWindowMs: P2P_TIMES.payWindowMs,
      ...ad,
      id: this.ids.next('ad', store.owner),
      storeId,
      online: false,
      createdAt: this.deps.now(),
    };
    this.setOnline(created, true);
    this.ads.set(created.id, created);
    return created;
  }

  /** A sell ad's remaining quantity must be in its owner's available balance to be reserved. */
  private checkReservable(owner: string, ad: Pick<Ad, 'side' | 'coin' | 'remaining'>): void {
    if (ad.side === 'sell' && this.deps.ledger.balance(owner, 'fiat', ad.coin).available.lt(ad.remaining)) throw insufficient();
  }

  /**
   * New terms for an ad, on the shelf or off: checked as at publication. An online sell ad's
   * reservation follows its new quantity in one posting (more needs the available balance);
   * orders already placed keep their terms and their escrow.
   */
  edit(ad: Ad, terms: Pick<Ad, 'price' | 'remaining' | 'min' | 'max' | 'payments'>): Ad {
    checkAdTerms({ ...ad, ...terms });
    const delta = terms.remaining.minus(ad.remaining);
    if (ad.side === 'sell' && ad.online && !delta.eq(0)) {
      const owner = this.stores.get(ad.storeId)!.owner;
      this.deps.ledger.post(ad.id, 'p2p_reserve', [{ owner, kind: 'fiat', coin: ad.coin, available: delta.neg(), frozen: delta }]);
    }
    Object.assign(ad, terms);
    this.changes++;
    return ad;
  }

  /** Puts an ad on or off the shelf: a sell ad's remaining quantity is reserved (frozen) while online. */
  setOnline(ad: Ad, online: boolean): void {
    if (ad.online === online) return;
    const owner = this.stores.get(ad.storeId)!.owner;
    if (ad.side === 'sell' && ad.remaining.gt(0)) {
      const q = online ? ad.remaining : ad.remaining.neg();
      if (online) this.checkReservable(owner, ad);
      this.deps.ledger.post(ad.id, 'p2p_reserve', [{ owner, kind: 'fiat', coin: ad.coin, available: q.neg(), frozen: q }]);
    }
    ad.online = online;
    this.changes++;
    if (online) simulateTaker(this, ad);
  }

  /** A simulated merchant's ad priced at the market: its new price (orders placed keep theirs). */
  reprice(ad: Ad, price: Big): void {
    ad.price = price;
    this.changes++;
  }

  // ---- orders -----------------------------------------------------------------------------

  /** The time buying is restricted until, if the user cancelled too often today. */
  restrictedUntil(userId: string): number | undefined {
    const now = this.deps.now();
    const dayStart = now - (now % DAY);
    const today = (this.cancels.get(userId) ?? []).filter((t) => t >= dayStart);
    return today.length >= P2P_CANCEL_LIMIT ? dayStart + DAY : undefined;
  }

  /** Places an order on an ad by fiat amount or by coin quantity, as `userId` (the other side is the store). */
  place(userId: string, adId: string, by: { amount?: Big; quantity?: Big }, paymentType?: PaymentType): Order {
    const ad = this.ads.get(adId);
    if (!ad || !ad.online) throw new DomainError('p2p_ad_unavailable', 'This ad is no longer available');
    const store = this.stores.get(ad.storeId)!;
    if (store.owner === userId) throw new DomainError('p2p_own_ad', 'You cannot trade with your own ad');
    const userBuys = ad.side === 'sell';
    if (userBuys) {
      const until = this.restrictedUntil(userId);
      if (until !== undefined)
        throw new DomainError('p2p_buy_restricted', 'Buying is paused after three cancellations today; it resumes at 00:00 UTC').with({ until });
      // Orders placed as the buyer: not those others place on the user's own store's buy ads.
      const open = [...this.orders.values()].filter((o) => o.buyer === userId && !FINAL.has(o.status) && this.stores.get(o.storeId)!.owner !== userId);
      if (open.length >= P2P_OPEN_ORDER_LIMIT)
        throw new DomainError('p2p_too_many_open_orders', `You already have ${P2P_OPEN_ORDER_LIMIT} open buy orders: complete or cancel one first`).with({
          max: P2P_OPEN_ORDER_LIMIT,
        });
    }
    const places = fiatPlaces(ad.fiat);
    const coinPlaces = coinInfo(ad.coin).precision;
    let quantity: Big;
    if (by.quantity) quantity = by.quantity.round(coinPlaces, Big.roundDown);
    else if (by.amount) quantity = by.amount.div(ad.price).round(coinPlaces, Big.roundDown);
    else throw new DomainError('amount_required', 'Please enter the amount');
    const amount = quantity.times(ad.price).round(places, Big.roundUp);
    if (quantity.lte(0) || amount.lt(ad.min) || amount.gt(ad.max)) {
      throw new DomainError('p2p_out_of_limits', 'The amount is outside the ad’s limits').with({
        min: ad.min.toFixed(places),
        max: ad.max.toFixed(places),
        fiat: ad.fiat,
      });
    }
    if (quantity.gt(ad.remaining))
      throw new DomainError('p2p_out_of_limits', 'The amount is outside the ad’s limits').with({
        min: ad.min.toFixed(places),
        max: ad.max.toFixed(places),
        fiat: ad.fiat,
      });
    // Where the buyer pays: the seller's collection account of the chosen type, in the seller's name
    // (the store's when the store sells; the taker's when a trader sells into a store's buy ad).
    const sellerId = userBuys ? store.owner : userId;
    const sellerName = sellerId === store.owner ? store.name : (this.deps.nameOf?.(sellerId) ?? sellerId);
    const collections = this.collectionsOf(sellerId, sellerName).filter((c) => ad.payments.includes(c.type));
    if (!collections.length && sellerId === userId)
      throw new DomainError('p2p_no_payment_method', 'Add a verified payment method this ad accepts first', '997');
    const payment = paymentType ? collections.find((c) => c.type === paymentType) : collections[0];
    if (!payment) throw new DomainError('p2p_payment_unsupported', 'This ad does not accept that payment method');
    const id = this.ids.next('po', userId);
    if (userBuys) {
      ad.remaining = ad.remaining.minus(quantity);
    } else {
      if (this.deps.ledger.balance(sellerId, 'fiat', ad.coin).available.lt(quantity)) throw insufficient();
      this.deps.ledger.post(id, 'p2p_escrow', [{ owner: sellerId, kind: 'fiat', coin: ad.coin, available: quantity.neg(), frozen: quantity }]);
      ad.remaining = ad.remaining.minus(quantity);
    }
    const now = this.deps.now();
    const orderNo = orderNumber(this.deps.seed, this.orderNos.size, now);
    if (this.orderNos.has(orderNo)) throw new Error(`order number ${orderNo} given twice`);
    this.orderNos.add(orderNo);
    const order: Order = {
      id,
      orderNo,
      reference: new Rng(this.deps.seed, `ref:${id}`).int(10_000_000, 99_999_999).toString(),
      adId,
      storeId: store.id,
      buyer: userBuys ? userId : store.owner,
      seller: sellerId,
      coin: ad.coin,
      fiat: ad.fiat,
      price: ad.price,
      quantity,
      amount,
      payment,
      status: 'waiting_payment',
      createdAt: now,
      deadline: now + ad.payWindowMs,
      chat: [],
    };
    this.orders.set(id, order);
    this.changes++;
    this.deps.scheduler.at(order.deadline, (at) => {
      if (order.status === 'waiting_payment') this.act(order, 'expire', 'clock', at);
    });
    this.deps.onOrder(order);
    simulateCounterparty(this, order, 'placed');
    return order;
  }

  /** The role of a user in an order, or not_found for anyone else (an order is its two sides' alone). */
  roleOf(order: Order | undefined, userId: string): 'buyer' | 'seller' {
    if (order?.buyer === userId) return 'buyer';
    if (order?.seller === userId) return 'seller';
    throw new DomainError('not_found', 'This order does not exist');
  }

  /** One step of the state machine, with its money. */
  act(order: Order, action: P2pAction, actor: P2pActor, at = this.deps.now(), extra: { reason?: string } = {}): Order {
    const before = order.status;
    const next = transition(before, action, actor, order.appeal?.before);
    if (action === 'withdraw_appeal' && order.appeal?.by !== actor)
      throw new DomainError('p2p_not_your_action', 'Only the side that appealed can withdraw the appeal');
    order.status = next;
    this.changes++;
    this.touchSide(order, actor);
    if (action === 'pay') order.paidAt = at;
    const reopened = action === 'appeal' && order.appeal !== undefined;
    if (action === 'appeal') order.appeal = { by: actor as 'buyer' | 'seller', reason: extra.reason?.trim() ?? '', openedAt: at, before, status: 'open' };
    if (action === 'withdraw_appeal') order.appeal!.status = 'withdrawn';
    if (action === 'decide_buyer' || action === 'decide_seller')
      order.appeal = { ...order.appeal!, status: 'decided', outcome: action === 'decide_buyer' ? 'buyer' : 'seller' };
    if (next === 'completed') this.release(order, at);
    if (next === 'cancelled') {
      order.cancelledBy = action === 'expire' ? 'timeout' : action === 'decide_seller' ? 'support' : (actor as 'buyer' | 'seller');
      if (order.cancelledBy === 'buyer' || order.cancelledBy === 'timeout') this.cancels.set(order.buyer, [...(this.cancels.get(order.buyer) ?? []), at]);
      this.giveBack(order);
    }
    if (FINAL.has(next)) order.finishedAt = at;
    this.deps.onOrder(order);
    if (action === 'appeal') {
      // Support joined at the first appeal; an appeal re-opened after a withdrawal is said so, once.
      const kind = reopened ? 'appeal_reopened' : 'appeal_opened';
      const { by } = order.appeal!;
      this.say(order, 'support', { kind, params: { by }, text: SUPPORT_SAYS[kind](by) }, at);
      this.deps.scheduler.at(at + P2P_TIMES.appealMs, (t) => this.decideByRule(order, at, t));
    }
    if (action === 'decide_buyer' || action === 'decide_seller') {
      const kind = action === 'decide_buyer' ? 'decided_buyer' : 'decided_seller';
      this.say(order, 'support', { kind, text: SUPPORT_SAYS[kind]() }, at);
    }
    simulateCounterparty(this, order, action);
    return order;
  }

  /** The merchant took a step or wrote in an order of its store. */
  private touchSide(order: Order, side: P2pActor | ChatMessage['from']): void {
    const owner = side === 'buyer' ? order.buyer : side === 'seller' ? order.seller : undefined;
    if (owner !== undefined && owner === this.stores.get(order.storeId)!.owner) this.touch(owner);
  }

  private release(order: Order, at: number): void {
    if (order.settled) throw new Error(`order ${order.id} settled twice`);
    order.settled = 'released';
    this.deps.ledger.post(
      order.id,
      'p2p_release',
      [
        { owner: order.seller, kind: 'fiat', coin: order.coin, frozen: order.quantity.neg() },
        { owner: order.buyer, kind: 'fiat', coin: order.coin, available: order.quantity },
      ],
      at,
    );
  }

  /** The escrow back to the seller: into the ad's reservation while it is an online sell ad, else unfrozen. */
  private giveBack(order: Order): void {
    if (order.settled) throw new Error(`order ${order.id} settled twice`);
    order.settled = 'returned';
    const ad = this.ads.get(order.adId)!;
    ad.remaining = ad.remaining.plus(order.quantity);
    this.changes++;
    if (ad.side === 'sell' && ad.online) return;
    this.deps.ledger.post(order.id, 'p2p_return', [
      { owner: order.seller, kind: 'fiat', coin: order.coin, available: order.quantity, frozen: order.quantity.neg() },
    ]);
  }

  /** Support's decision when no one decided first: for the buyer who marked it paid, unless the seller reported the money missing. */
  /** Support's decision, P2P_TIMES.appealMs after the appeal opened at `openedAt` (not one withdrawn and opened again since). */
  private decideByRule(order: Order, openedAt: number, at: number): void {
    if (order.status !== 'appeal' || order.appeal?.status !== 'open' || order.appeal.openedAt !== openedAt) return;
    this.act(order, order.appeal.before === 'abnormal' ? 'decide_seller' : 'decide_buyer', 'support', at);
  }

  say(order: Order, from: ChatMessage['from'], message: Pick<ChatMessage, 'kind' | 'params' | 'text' | 'image'>, at = this.deps.now()): ChatMessage {
    const m: ChatMessage = { id: this.ids.next('pm', order.id), from, ...message, time: at };
    this.touchSide(order, from);
    order.chat.push(m);
    trimChat(order.chat, P2P_CHAT_HISTORY_MAX, this.deps.dropImage);
    this.deps.onMessage(order, m);
    return m;
  }

  // ---- the mock's counterparties ----------------------------------------------------------

  /** Where a seller is paid: a user's verified payment methods, or a simulated side's accounts of every type. */
  private collectionsOf(owner: string, name: string): Collection[] {
    if (!simulated(owner)) return this.deps.collections(owner);
    return paymentMethodTypeValues.map((type) => ({
      type,
      name,
      account: `${type.toUpperCase()}-${new Rng(this.deps.seed, `${owner}:${type}`).int(10_000_000, 99_999_999)}`,
    }));
  }
}
