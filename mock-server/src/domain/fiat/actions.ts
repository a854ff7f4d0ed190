/**
 * What a user does on the fiat market, as the operations ask it: place an order on an ad, take a
 * step of an order (the state machine checked before a transaction password is spent), write in an
 * order's chat (at most P2P_CHAT_LIMIT a minute per side), open a store once its requirements are
 * met, name it (store-names.ts), and publish, shelve and edit the store's ads (each a merchant's
 * doing: the store is online for a while after it, stats.ts). Each checks that the order, store or ad is the
 * caller's (someone else's is not_found). Returns the domain's objects; core/views/fiat.ts shapes
 * them for the API.
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import { DomainError } from '../kernel/errors.ts';
import { AttemptLimiter } from '../kernel/limits.ts';
import type { Uploads } from '../kernel/uploads.ts';
import type { Fiat } from './fiat.ts';
import { transition } from './machine.ts';
import type { Ad, ChatMessage, Order, PaymentType, Store } from './model.ts';
import { checkStoreName, defaultStoreName } from './store-names.ts';

type Schemas = components['schemas'];

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

export class FiatActions {
  private readonly written: AttemptLimiter;

  constructor(
    private readonly fiat: Fiat,
    /** What a user still lacks to open a store (the merchant page shows it too). */
    readonly requirements: Requirements,
    /** The user's nickname: a store's name unless its merchant chooses one. */
    private readonly nickname: (userId: string) => string,
    private readonly uploads: Uploads,
  ) {
    this.written = new AttemptLimiter(P2P_CHAT_LIMIT, fiat.deps.now);
  }

  /** placeP2pOrder: the request's decimals parsed (the contract bounded them). */
  place(userId: string, req: Schemas['PlaceP2pOrderRequest']): Order {
    const by = req.quantity !== undefined ? { quantity: new Big(req.quantity) } : { amount: new Big(req.amount!) };
    return this.fiat.place(userId, req.adId, by, req.payment);
  }

  /**
   * actOnP2pOrder: the step is checked against the state machine before `checkPassword` runs (a
   * confirm that could not happen costs no password attempt), then taken.
   */
  act(userId: string, req: Schemas['P2pActionRequest'], checkPassword: (password: string) => void): Order {
    const order = this.mine(userId, req.id);
    const role = this.fiat.roleOf(order, userId);
    transition(order.status, req.action, role, order.appeal?.before);
    if (req.action === 'confirm') checkPassword(req.transactionPassword ?? '');
    this.fiat.act(order, req.action, role, undefined, { reason: req.reason });
    return order;
  }

  /** listP2pMessages: the chat as kept (its newest P2P_CHAT_HISTORY_MAX messages), oldest first. */
  messages(userId: string, id: string): readonly ChatMessage[] {
    return this.mine(userId, id).chat;
  }

  /** sendP2pMessage: checked in the contract's order; an image becomes readable by the other side. */
  send(userId: string, req: Schemas['P2pMessageRequest']): ChatMessage {
    const order = this.mine(userId, req.id);
    const role = this.fiat.roleOf(order, userId);
    const text = req.text?.trim() ?? '';
    if (!text && !req.image) throw new DomainError('field_required', 'Please enter a message or choose an image');
    if (order.status === 'completed' || order.status === 'cancelled') throw new DomainError('p2p_order_closed', 'This order is already completed or cancelled');
    const key = `${order.id}|${role}`;
    this.written.check(key);
    if (req.image) this.uploads.share(this.uploads.claimChat(userId, req.image), role === 'buyer' ? order.seller : order.buyer);
    this.written.fail(key);
    return this.fiat.say(order, role, { ...(text ? { text } : {}), ...(req.image ? { image: req.image } : {}) });
  }

  /** An order of the caller's, or not_found (someone else's looks the same as none). */
  mine(userId: string, id: string): Order {
    const order = this.fiat.orders.get(id);
    this.fiat.roleOf(order, userId);
    return order!;
  }

  // ---- the merchant's side ----------------------------------------------------------------

  /**
   * Opens the caller's store once each requirement is met (in this order), named `name` (checked
   * last) or after the nickname; again, nothing changes (the name included: renaming is `rename`).
   */
  open(userId: string, name?: string): void {
    if (!this.fiat.storeOf(userId)) {
      const r = this.requirements(userId);
      if (!r.realName) throw new DomainError('real_name_required', 'Please complete real-name authentication first', '998');
      if (!r.paymentMethod) throw new DomainError('p2p_no_payment_method', 'Add a verified payment method first', '997');
      if (!r.transactionPassword) throw new DomainError('no_transaction_password', 'No transaction password set');
      const stores = this.fiat.stores.values();
      const chosen = name !== undefined ? checkStoreName(name, stores) : defaultStoreName(this.nickname(userId), stores);
      this.fiat.openStore(userId, chosen, 'user', { mobile: true, realName: true, advanced: false });
    }
  }

  /** renameP2pStore: the caller's store's new name, unique among stores. */
  rename(userId: string, name: string): void {
    const store = this.myStore(userId);
    this.fiat.rename(store, checkStoreName(name, this.fiat.stores.values(), store));
  }

  private myStore(userId: string): Store {
    const store = this.fiat.storeOf(userId);
    if (!store) throw new DomainError('p2p_not_merchant', 'Open your store first');
    return store;
  }

  publish(userId: string, req: Schemas['PublishP2pAdRequest']): Ad {
    const store = this.myStore(userId);
    const ad = this.fiat.publish(store.id, { side: req.side, coin: req.coin, fiat: req.fiat, ...terms(req) });
    this.fiat.touch(userId);
    return ad;
  }

  shelf(userId: string, req: Schemas['P2pShelfRequest']): Ad {
    const ad = this.myAd(userId, req.id);
    this.fiat.setOnline(ad, req.online);
    this.fiat.touch(userId);
    return ad;
  }

  edit(userId: string, req: Schemas['EditP2pAdRequest']): Ad {
    const ad = this.myAd(userId, req.id);
    this.fiat.edit(ad, terms(req));
    this.fiat.touch(userId);
    return ad;
  }

  /** An ad of the caller's store, or not_found. */
  private myAd(userId: string, id: string): Ad {
    const store = this.myStore(userId);
    const ad = this.fiat.ads.get(id);
    if (!ad || ad.storeId !== store.id) throw new DomainError('not_found', 'This ad does not exist');
    return ad;
  }
}
