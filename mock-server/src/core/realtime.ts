/**
 * Realtime, written once (what `dispatch` is for REST): which topics exist, what a subscriber gets
 * at once (a snapshot), and where each world event goes. A room is a topic (`tickers`,
 * `depth:{symbol}`, `trades:{symbol}`, `kline:{symbol}:{period}`) or a user (`user:{id}`). The
 * socket.io adapter and the in-page transport of the in-browser mock only move what this module
 * decides. No Node or browser APIs.
 */
import type { ServerToClientEvents, SubscriptionAck, TickerChange, TickersEvent, TickersSnapshot } from '../../../contracts/generated/socket.ts';
import * as validate from '../../../contracts/generated/socket-validators.js';
import type { KlinePeriod } from '../domain/market/market.ts';
import { fiatViews } from './views/fiat.ts';
import type { World } from '../domain/world.ts';
import type { WorldEvents } from '../domain/events.ts';

export type ServerEvent = keyof ServerToClientEvents;
export type EventPayload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];

/** One event for one room. */
export interface Delivery<E extends ServerEvent = ServerEvent> {
  room: string;
  event: E;
  payload: EventPayload<E>;
}

type On = <K extends keyof WorldEvents>(event: K, listener: (payload: WorldEvents[K]) => void) => unknown;

export const userRoom = (userId: string) => `user:${userId}`;

/** Whose private events a handshake token receives: a live session's user, or a support guest by its key. */
export const tokenOwner = (world: World, token: string | undefined): string | undefined => world.accounts.sessionUser(token) ?? world.support.guestOf(token);

function parseKline(topic: string): { symbol: string; period: KlinePeriod } | null {
  const m = /^kline:([A-Z0-9]+\/[A-Z0-9]+):(\w+)$/.exec(topic);
  return m ? { symbol: m[1], period: m[2] as KlinePeriod } : null;
}

function latestCandle(world: World, topic: string): EventPayload<'kline'> | null {
  const k = parseKline(topic);
  if (!k || !world.market.has(k.symbol)) return null;
  const [candle] = world.market.kline(k.symbol, k.period, 1);
  return { symbol: k.symbol, period: k.period, candle };
}

function known(world: World, topic: string): boolean {
  if (topic === 'tickers') return true;
  const pair = /^(depth|trades):(.+)$/.exec(topic);
  return pair ? world.market.has(pair[2]) : latestCandle(world, topic) !== null;
}

type Ticker = TickersSnapshot['tickers'][number];

/** The fields of a ticker an update compares and carries (`symbol` names it, `time` is the update's). */
const TICKER_FIELDS = [
  'last',
  'change24h',
  'volume24h',
  'quoteVolume24h',
  'high24h',
  'low24h',
  'open24h',
  'base',
  'quote',
  'pricePrecision',
  'amountPrecision',
  'quotePrecision',
  'settlementPrecision',
] as const satisfies ReadonlyArray<keyof Ticker & keyof TickerChange>;

/**
 * The `tickers` stream of one server (or in-page transport): its `seq` and the tickers its
 * subscribers hold (the snapshot and every update since), so that each update carries only the
 * fields that changed (asyncapi.yaml, Recovery).
 */
export class TickerStream {
  private seq = 0;
  private readonly held = new Map<string, Ticker>();

  /**
   * What takes the subscribers from what they hold to `tickers`: an update with the changed fields
   * of the changed symbols (a symbol they do not hold, whole), a snapshot when a symbol they hold
   * is no longer listed, or null when nothing changed (no message, `seq` unchanged).
   */
  next(time: number, tickers: readonly Ticker[]): TickersEvent | null {
    const changes: TickerChange[] = [];
    for (const t of tickers) {
      const before = this.held.get(t.symbol);
      if (!before) {
        const { time: _time, ...whole } = t;
        changes.push(whole);
      } else {
        let change: Record<string, unknown> | null = null;
        for (const f of TICKER_FIELDS) if (t[f] !== before[f]) (change ??= { symbol: t.symbol })[f] = t[f];
        if (!change) continue;
        changes.push(change as TickerChange);
      }
      this.held.set(t.symbol, t);
    }
    if (this.held.size > tickers.length) {
      const listed = new Set(tickers.map((t) => t.symbol));
      for (const symbol of [...this.held.keys()]) if (!listed.has(symbol)) this.held.delete(symbol);
      this.seq += 1;
      return this.snapshot(time, tickers);
    }
    if (!changes.length) return null;
    this.seq += 1;
    return { type: 'update', seq: this.seq, prevSeq: this.seq - 1, time, changes };
  }

  /** A snapshot at the current `seq`; `tickers` must be what `next` last saw (call it first). */
  snapshot(time: number, tickers: readonly Ticker[]): TickersSnapshot {
    return { type: 'snapshot', seq: this.seq, prevSeq: this.seq, time, tickers: [...tickers] };
  }
}

/** What a topic's subscriber receives at once, so a (re)subscribed client never waits for the next tick. */
function snapshot(world: World, topic: string, stream: TickerStream): Delivery | null {
  if (topic === 'tickers') return { room: topic, event: 'tickers', payload: stream.snapshot(world.clock.now(), world.market.tickers()) };
  if (topic.startsWith('depth:')) return { room: topic, event: 'depth', payload: world.liquidity.depthMessage(topic.slice(6), true) };
  if (topic.startsWith('trades:')) {
    const symbol = topic.slice(7);
    return { room: topic, event: 'trades', payload: { symbol, trades: world.liquidity.trades(symbol) } };
  }
  const k = latestCandle(world, topic);
  return k && { room: topic, event: 'kline', payload: k };
}

/**
 * A tick's `depth` message: the book's update, or, when the update would list more levels than the
 * book holds (the mid price moved and every level with it: 20 new levels and 20 removals a side),
 * the snapshot it amounts to, about half the bytes and half the client's work (asyncapi.yaml,
 * Recovery: a snapshot may come unasked and always replaces the book).
 */
function depthTick(world: World, symbol: string): EventPayload<'depth'> {
  const m = world.liquidity.depthMessage(symbol);
  if (m.type !== 'update') return m;
  const book = world.liquidity.book(symbol);
  if (book.seq !== m.seq || m.bids.length + m.asks.length <= book.bids.length + book.asks.length) return m;
  return { symbol, type: 'snapshot', seq: m.seq, prevSeq: m.seq, time: m.time, bids: book.bids, asks: book.asks };
}

type Check = typeof validate.subscribe;

/** The topics of a valid request, each once in the order asked, or the ack refusing an invalid payload whole. */
function requested(check: Check, payload: unknown): string[] | SubscriptionAck {
  if (check(payload)) return [...new Set((payload as { topics: string[] }).topics)];
  const e = check.errors?.[0];
  return { ok: false, topics: [], refused: [], error: `payload${e?.instancePath ?? ''}: ${e?.message ?? 'invalid'}` };
}

export interface SubscribeResult {
  ack: SubscriptionAck;
  topics: string[];
  snapshots: Delivery[];
}

/**
 * A `subscribe` request: the ack, the topics to join and their snapshots (in the order of the
 * ack's topics; the adapter sends the ack first). An invalid payload joins nothing; topics of an
 * unknown symbol are refused, the rest is joined. `stream` is the adapter's tickers stream (see
 * `route`, whose `subscribe` is the one adapters call): before its snapshot is taken, the
 * subscribers already there are brought up to date, so the snapshot and the next update chain.
 */
function subscribeWith(world: World, payload: unknown, stream: TickerStream, deliver: (d: Delivery) => void): SubscribeResult {
  const asked = requested(validate.subscribe, payload);
  if (!Array.isArray(asked)) return { ack: asked, topics: [], snapshots: [] };
  const topics = asked.filter((t) => known(world, t));
  const refused = asked.filter((t) => !topics.includes(t));
  const ack: SubscriptionAck = refused.length
    ? { ok: false, topics, refused, error: `Unknown symbol in ${refused.join(', ')}` }
    : { ok: true, topics, refused };
  if (topics.includes('tickers')) {
    const catchUp = stream.next(world.clock.now(), world.market.tickers());
    if (catchUp) deliver({ room: 'tickers', event: 'tickers', payload: catchUp });
  }
  return { ack, topics, snapshots: topics.map((t) => snapshot(world, t, stream)).filter((d): d is Delivery => d !== null) };
}

/** An `unsubscribe` request: the ack and the topics to leave (all of a valid request, joined or not). */
export function unsubscribe(payload: unknown): { ack: SubscriptionAck; topics: string[] } {
  const asked = requested(validate.unsubscribe, payload);
  if (!Array.isArray(asked)) return { ack: asked, topics: [] };
  return { ack: { ok: true, topics: asked, refused: [] }, topics: asked };
}

interface RouteOptions {
  /** The current world (the server's changes on reset). */
  world: () => World;
  /** Listens to the current world's events (across resets on the server). */
  on: On;
  /** The rooms that have subscribers now: K-line and depth messages are computed only for them. */
  rooms: () => Iterable<string>;
  deliver: (delivery: Delivery) => void;
  /** A session ended: its clients must leave the user's room at once. */
  sessionEnded?: (userId: string, token: string) => void;
}

/** The requests of one adapter's clients, answered with that adapter's tickers stream. */
export interface Realtime {
  /** A `subscribe` request (see `subscribeWith`); call it before joining the topics. */
  subscribe(payload: unknown): SubscribeResult;
  unsubscribe(payload: unknown): { ack: SubscriptionAck; topics: string[] };
}

/**
 * Routes every world event to its rooms, and answers the adapter's subscriptions. The `tickers`
 * stream is computed only while its room has subscribers (a subscription catches it up).
 */
export function route({ world, on, rooms, deliver, sessionEnded }: RouteOptions): Realtime {
  const stream = new TickerStream();
  on('tickers', (event) => {
    const live = [...rooms()];
    if (live.includes('tickers')) {
      const message = stream.next(event.time, event.tickers);
      if (message) deliver({ room: 'tickers', event: 'tickers', payload: message });
    }
    for (const room of live) {
      if (room.startsWith('kline:')) {
        const k = latestCandle(world(), room);
        if (k) deliver({ room, event: 'kline', payload: k });
      } else if (room.startsWith('depth:')) {
        deliver({ room, event: 'depth', payload: depthTick(world(), room.slice(6)) });
      }
    }
  });
  on('trades', (event) => deliver({ room: `trades:${event.symbol}`, event: 'trades', payload: event }));
  on('balances', ({ userId, ...event }) => deliver({ room: userRoom(userId), event: 'balances', payload: event }));
  on('record', ({ userId, record }) => deliver({ room: userRoom(userId), event: 'record', payload: { record } }));
  on('order', ({ userId, order }) => deliver({ room: userRoom(userId), event: 'order', payload: { order } }));
  on('leverOrder', ({ userId, order }) => deliver({ room: userRoom(userId), event: 'leverOrder', payload: { order } }));
  on('leverAccount', ({ userId, account }) => deliver({ room: userRoom(userId), event: 'leverAccount', payload: account }));
  on('systemMessage', ({ userId, message, unread }) => deliver({ room: userRoom(userId), event: 'systemMessage', payload: { message, unread } }));
  on('secondOrder', ({ userId, order }) => deliver({ room: userRoom(userId), event: 'secondOrder', payload: { order } }));
  on('rebate', ({ userId, rebate }) => deliver({ room: userRoom(userId), event: 'rebate', payload: { rebate } }));
  on('supportMessage', ({ userId, ...payload }) => deliver({ room: userRoom(userId), event: 'supportMessage', payload }));
  on('supportTyping', ({ userId, ...payload }) => deliver({ room: userRoom(userId), event: 'supportTyping', payload }));
  on('supportRead', ({ userId, ...payload }) => deliver({ room: userRoom(userId), event: 'supportRead', payload }));
  on('p2pOrder', ({ userId, order }) =>
    deliver({ room: userRoom(userId), event: 'p2pOrder', payload: { order: fiatViews(world()).orderView(order, userId) } }),
  );
  on('p2pMessage', ({ userId, order, message }) =>
    deliver({ room: userRoom(userId), event: 'p2pMessage', payload: { orderId: order.id, message: { ...message } } }),
  );
  on('earnPosition', ({ userId, position }) => deliver({ room: userRoom(userId), event: 'earnPosition', payload: { position: world().earn.view(position) } }));
  on('ieoSubscription', ({ userId, subscription }) =>
    deliver({ room: userRoom(userId), event: 'ieoSubscription', payload: { subscription: world().ieo.view(subscription) } }),
  );
  on('loan', ({ userId, loan }) => deliver({ room: userRoom(userId), event: 'loan', payload: { loan: world().loans.view(loan) } }));
  if (sessionEnded) on('sessionEnded', ({ userId, token }) => sessionEnded(userId, token));
  return { subscribe: (payload) => subscribeWith(world(), payload, stream, deliver), unsubscribe };
}
