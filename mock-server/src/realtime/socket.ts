/**
 * The realtime adapter: socket.io on the HTTP server, typed by the event maps generated from
 * asyncapi.yaml. Clients join topic rooms with `subscribe`; world events fan out to the rooms.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents, SubscriptionAck } from '../../../contracts/generated/socket.ts';
import { socketPath } from '../../../contracts/generated/socket.ts';
import * as validate from '../../../contracts/generated/socket-validators.js';
import type { KlinePeriod } from '../domain/market.ts';
import type { WorldHost } from '../host.ts';

function parseKline(topic: string): { symbol: string; period: KlinePeriod } | null {
  const m = /^kline:([A-Z0-9]+\/[A-Z0-9]+):(\w+)$/.exec(topic);
  return m ? { symbol: m[1], period: m[2] as KlinePeriod } : null;
}

interface SocketData {
  /** The session token of the handshake while that session lives. */
  token?: string;
}

export function attachRealtime(httpServer: HttpServer, host: WorldHost): Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData> {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(httpServer, {
    path: socketPath,
    serveClient: false,
    transports: ['polling', 'websocket'],
    pingInterval: 10_000,
    pingTimeout: 20_000,
  });

  const latestCandle = (topic: string) => {
    const k = parseKline(topic);
    if (!k || !host.world.market.has(k.symbol)) return null;
    const [candle] = host.world.market.kline(k.symbol, k.period, 1);
    return { symbol: k.symbol, period: k.period, candle };
  };

  io.on('connection', (socket) => {
    // A logged-in client sends its token in the handshake; its private events go to user:{id} while
    // that session lives (an unknown or expired token: public topics only).
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const userId = typeof token === 'string' ? host.world.accounts.sessionUser(token) : undefined;
    if (userId) {
      socket.data.token = token as string;
      socket.join(`user:${userId}`);
    }
    const reply = (ack: unknown, response: SubscriptionAck) => {
      if (typeof ack === 'function') ack(response);
    };

    socket.on('subscribe', (payload, ack) => {
      if (!validate.subscribe(payload)) {
        const e = validate.subscribe.errors?.[0];
        return reply(ack, { ok: false, topics: [], error: `payload${e?.instancePath ?? ''}: ${e?.message ?? 'invalid'}` });
      }
      const known = (t: string) => {
        if (t === 'tickers') return true;
        const pair = /^(depth|trades):(.+)$/.exec(t);
        return pair ? host.world.market.has(pair[2]) : latestCandle(t) !== null;
      };
      const unknown = payload.topics.filter((t) => !known(t));
      const topics = payload.topics.filter((t) => !unknown.includes(t));
      socket.join(topics);
      reply(ack, unknown.length ? { ok: false, topics, error: `Unknown symbol in ${unknown.join(', ')}` } : { ok: true, topics });
      // A snapshot at once, so a (re)subscribed client never waits for the next tick.
      for (const topic of topics) {
        if (topic === 'tickers') socket.emit('tickers', { time: host.world.clock.now(), tickers: host.world.market.tickers() });
        else if (topic.startsWith('depth:')) socket.emit('depth', host.world.spot.depthMessage(topic.slice(6), true));
        else if (topic.startsWith('trades:')) socket.emit('trades', { symbol: topic.slice(7), trades: host.world.spot.trades(topic.slice(7)) });
        else {
          const k = latestCandle(topic);
          if (k) socket.emit('kline', k);
        }
      }
    });

    socket.on('unsubscribe', (payload, ack) => {
      if (!validate.unsubscribe(payload)) return reply(ack, { ok: false, topics: [], error: 'payload is invalid' });
      for (const t of payload.topics) socket.leave(t);
      reply(ack, { ok: true, topics: payload.topics });
    });
  });

  // A session that ends (logout, a password changed on another device) stops its sockets' private
  // events at once; a reset ends every session.
  host.on('sessionEnded', ({ userId, token }) => {
    for (const socket of io.of('/').sockets.values()) {
      if (socket.data.token === token) {
        socket.leave(`user:${userId}`);
        delete socket.data.token;
      }
    }
  });
  host.onReset(() => {
    for (const socket of io.of('/').sockets.values()) {
      for (const room of socket.rooms) if (room.startsWith('user:')) socket.leave(room);
      delete socket.data.token;
    }
  });

  host.on('balances', ({ userId, ...event }) => {
    io.to(`user:${userId}`).emit('balances', event);
  });
  host.on('record', ({ userId, record }) => {
    io.to(`user:${userId}`).emit('record', { record });
  });

  host.on('order', ({ userId, order }) => {
    io.to(`user:${userId}`).emit('order', { order });
  });
  host.on('trades', ({ symbol, trades }) => {
    io.to(`trades:${symbol}`).emit('trades', { symbol, trades });
  });

  host.on('tickers', (event) => {
    io.to('tickers').emit('tickers', event);
    for (const room of io.of('/').adapter.rooms.keys()) {
      if (room.startsWith('kline:')) {
        const k = latestCandle(room);
        if (k) io.to(room).emit('kline', k);
      } else if (room.startsWith('depth:')) {
        io.to(room).emit('depth', host.world.spot.depthMessage(room.slice(6)));
      }
    }
  });

  return io;
}
