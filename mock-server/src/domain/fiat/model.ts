/**
 * What fiat (P2P) trading is made of: stores, ads, orders, their chat and collection accounts,
 * the timings and limits of the mock, and what the Fiat service needs (FiatDeps).
 */
import type Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import type { Ledger } from '../kernel/ledger.ts';
import type { Scheduler } from '../kernel/scheduler.ts';
import type { P2pStatus } from './machine.ts';

export const P2P_TIMES = {
  /** The buyer pays within this time (an ad's default payment window), or the order is cancelled. */
  payWindowMs: 15 * 60_000,
  /** A prompt merchant confirms a paid order after this long; a slow one after `slowConfirmMs`. */
  confirmMs: 2 * 60_000,
  slowConfirmMs: 10 * 60_000,
  /** A simulated buyer pays (or a merchant buying from the user pays) after this long. */
  payMs: 60_000,
  /** A simulated counterparty takes a user's new ad after this long. */
  takeMs: 60_000,
  /** Support decides an appeal after this long. */
  appealMs: 30 * 60_000,
  /** A user's store is online this long after its merchant last did something in it. */
  onlineMs: 15 * 60_000,
  /** What a store's recent record (orders, completion rate, release time) looks back over: 30 days. */
  recordMs: 30 * 24 * 3_600_000,
} as const;
/** Buyer cancellations (their own, or an unpaid order expiring) in one UTC day that stop buying until the next. */
export const P2P_CANCEL_LIMIT = 3;
/**
 * Unfinished orders (unpaid, paid, disputed) a user may have placed as a buyer at once. Each one
 * holds coin out of a merchant's ad until it ends, and an unpaid one costs its buyer nothing: with
 * no bound, one account tied up most of a merchant's ad with orders it never meant to pay. A person
 * pays one bank transfer at a time within the 15-minute window, so a few are enough; as many as the
 * daily cancellations, so that letting every one of them lapse is exactly what pauses buying.
 */
export const P2P_OPEN_ORDER_LIMIT = 3;

/** Units of each fiat currency per US dollar (the settings' `fiatRates`; USDT counts as a dollar). */
export const FIAT_RATES = {
  USD: '1',
  EUR: '0.92',
  GBP: '0.79',
  CNY: '7.24',
  JPY: '151.8',
  KRW: '1368',
  BRL: '5.05',
  TRY: '32.4',
  RUB: '92.5',
  VND: '25350',
} as const;

export const FIAT_DECIMALS: Record<string, number> = { USD: 2, EUR: 2, CNY: 2, BRL: 2, TRY: 2, RUB: 2, VND: 0 };
export type PaymentType = components['schemas']['PaymentMethodType'];
export type AdSide = components['schemas']['P2pAd']['side'];
export type Behaviour = 'prompt' | 'slow' | 'silent' | 'user';

/**
 * An order of a seeded store from before the world started, as its record counts it: when it ended,
 * whether it completed, ended against the merchant (cancelled by the merchant, or the merchant did
 * not pay in time), or ended for the other side's reasons (which do not count), and for a completed
 * sale how long the merchant took from the payment to the release.
 */
export interface PastOrder {
  at: number;
  outcome: 'completed' | 'failed_merchant' | 'failed_other';
  releaseMs?: number;
}

/** Orders before the world started (seeded stores only): all-time counts, and those of the last 30 days one by one. */
export interface StoreHistory {
  total: number;
  completed: number;
  recent: PastOrder[];
}

export interface Store {
  id: string;
  owner: string;
  name: string;
  registeredAt: number;
  levels: { mobile: boolean; realName: boolean; advanced: boolean };
  behaviour: Behaviour;
  history: StoreHistory;
  /** When the merchant last did something in the store (opened it, an ad, a step or a message of one of its orders). */
  lastActiveAt: number;
  /** A simulated merchant's daily working hours (UTC): online from `start` for `length` hours. */
  hours?: { start: number; length: number };
}

export interface Ad {
  id: string;
  storeId: string;
  /** The merchant's side: a sell ad sells coin (users buy), a buy ad buys coin (users sell). */
  side: AdSide;
  coin: string;
  fiat: string;
  price: Big;
  /** Coin still offered (for a sell ad: frozen as the reservation while online). */
  remaining: Big;
  min: Big;
  max: Big;
  payments: PaymentType[];
  online: boolean;
  createdAt: number;
  /** How long a buyer has to pay an order on this ad (P2P_TIMES.payWindowMs unless the ad says otherwise). */
  payWindowMs: number;
}

export interface Collection {
  type: PaymentType;
  name: string;
  account: string;
}

/** Messages an order's chat keeps (the newest), as support's conversations do: an order may stay paid for good. */
export const P2P_CHAT_HISTORY_MAX = 500;

export type P2pChatKind = components['schemas']['P2pChatKind'];

export interface ChatMessage {
  id: string;
  from: 'buyer' | 'seller' | 'support';
  /** An automatic message (a simulated side's, or support's): what it says as a code with its values, `text` in English beside it. */
  kind?: P2pChatKind;
  params?: Record<string, string>;
  text?: string;
  image?: string;
  time: number;
}

export interface Order {
  id: string;
  /** The order number people read and quote (order-number.ts): unique by construction, never an id. */
  orderNo: string;
  reference: string;
  adId: string;
  storeId: string;
  buyer: string;
  seller: string;
  coin: string;
  fiat: string;
  price: Big;
  quantity: Big;
  amount: Big;
  payment: Collection;
  status: P2pStatus;
  createdAt: number;
  deadline: number;
  paidAt?: number;
  finishedAt?: number;
  cancelledBy?: 'buyer' | 'seller' | 'timeout' | 'support';
  appeal?: {
    by: 'buyer' | 'seller';
    reason: string;
    openedAt: number;
    before: P2pStatus;
    status: 'open' | 'withdrawn' | 'decided';
    outcome?: 'buyer' | 'seller';
  };
  chat: ChatMessage[];
  /** Escrow settled: released to the buyer, or returned to the seller (never both). */
  settled?: 'released' | 'returned';
}

export interface FiatDeps {
  seed: number;
  /** How a side is named to the other: a user's masked account; simulated sides by their id. */
  nameOf?: (owner: string) => string;
  now: () => number;
  ledger: Ledger;
  scheduler: Scheduler;
  /** The user's verified payment methods as collection accounts (what a merchant pays into). */
  collections: (userId: string) => Collection[];
  onOrder: (order: Order) => void;
  onMessage: (order: Order, message: ChatMessage) => void;
  /** Removes the image of a message the chat no longer keeps (uploads.ts `dropChat`). */
  dropImage: (id: string) => void;
}

/** Decimals of an amount or a price in a fiat currency. */
export const fiatPlaces = (fiat: string) => FIAT_DECIMALS[fiat] ?? 2;
