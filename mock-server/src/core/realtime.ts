/**
 * Realtime, written once (what `dispatch` is for REST): which topics exist, what a subscriber gets
 * at once (a snapshot), and where each world event goes. A room is a topic (`tickers`,
 * `depth:{symbol}`, `trades:{symbol}`, `kline:{symbol}:{period}`) or a user (`user:{id}`). The
 * socket.io adapter and the in-page transport of the in-browser mock only move what this module
 * decides. No Node or browser APIs.
 */
import type { ServerToClientEvents, SubscriptionAck } from '../../../contracts/generated/socket.ts';
import * as validate from '../../../contracts/generated/socket-validators.js';
import type { KlinePeriod } from '../domain/market.ts';
import type { World, WorldEvents } from '../domain/world.ts';

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

/** What a topic's subscriber receives at once, so a (re)subscribed client never waits for the next tick. */
function snapshot(world: World, topic: string): Delivery | null {
  if (topic === 'tickers') return { room: topic, event: 'tickers', payload: { time: world.clock.now(), tickers: world.market.tickers() } };
  if (topic.startsWith('depth:')) return { room: topic, event: 'depth', payload: world.liquidity.depthMessage(topic.slice(6), true) };
  if (topic.startsWith('trades:')) {
    const symbol = topic.slice(7);
    return { room: topic, event: 'trades', payload: { symbol, trades: world.liquidity.trades(symbol) } };
  }
  const k = latestCandle(world, topic);
  return k && { room: topic, event: 'kline', payload: k };
}

type Check = typeof validate.subscribe;

/** The topics of a valid request, each once in the order asked, or the ack refusing an invalid payload whole. */
function requested(check: Check, payload: unknown): string[] | SubscriptionAck {
  if (check(payload)) return [...new Set((payload as { topics: string[] }).topics)];
  const e = check.errors?.[0];
  return { ok: false, topics: [], refused: [], error: `payload${e?.instancePath ?? ''}: ${e?.message ?? 'invalid'}` };
}

/**
 * A `subscribe` request: the ack, the topics to join and their snapshots (in the order of the
 * ack's topics; the adapter sends the ack first). An invalid payload joins nothing; topics of an
 * unknown symbol are refused, the rest is joined.
 */
export function subscribe(world: World, payload: unknown): { ack: SubscriptionAck; topics: string[]; snapshots: Delivery[] } {
  const asked = requested(validate.subscribe, payload);
  if (!Array.isArray(asked)) return { ack: asked, topics: [], snapshots: [] };
  const topics = asked.filter((t) => known(world, t));
  const refused = asked.filter((t) => !topics.includes(t));
  const ack: SubscriptionAck = refused.length
    ? { ok: false, topics, refused, error: `Unknown symbol in ${refused.join(', ')}` }
    : { ok: true, topics, refused };
  return { ack, topics, snapshots: topics.map((t) => snapshot(world, t)).filter((d): d is Delivery => d !== null) };
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

/** Routes every world event to its rooms. */
export function route({ world, on, rooms, deliver, sessionEnded }: RouteOptions): void {
  on('tickers', (event) => {
    deliver({ room: 'tickers', event: 'tickers', payload: event });
    for (const room of rooms()) {
      if (room.startsWith('kline:')) {
        const k = latestCandle(world(), room);
        if (k) deliver({ room, event: 'kline', payload: k });
      } else if (room.startsWith('depth:')) {
        deliver({ room, event: 'depth', payload: world().liquidity.depthMessage(room.slice(6)) });
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
  on('p2pOrder', ({ order }) => {
    for (const side of [order.buyer, order.seller])
      deliver({ room: userRoom(side), event: 'p2pOrder', payload: { order: world().p2pApi.orderView(order, side) } });
  });
  on('earnPosition', ({ position }) => deliver({ room: userRoom(position.owner), event: 'earnPosition', payload: { position: world().earn.view(position) } }));
  on('ieoSubscription', ({ subscription }) =>
    deliver({ room: userRoom(subscription.owner), event: 'ieoSubscription', payload: { subscription: world().ieo.view(subscription) } }),
  );
  on('loan', ({ loan }) => deliver({ room: userRoom(loan.owner), event: 'loan', payload: { loan: world().loans.view(loan) } }));
  on('p2pMessage', ({ order, message }) => {
    for (const side of [order.buyer, order.seller])
      deliver({ room: userRoom(side), event: 'p2pMessage', payload: { orderId: order.id, message: { ...message } } });
  });
  if (sessionEnded) on('sessionEnded', ({ userId, token }) => sessionEnded(userId, token));
}
