/**
 * The realtime adapter: socket.io on the HTTP server, typed by the event maps generated from
 * asyncapi.yaml. What a subscription gets and where each event goes is decided by core/realtime.ts;
 * this file maps its rooms onto socket.io rooms and the handshake token onto a user's room.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents, SubscriptionAck } from '../../../contracts/generated/socket.ts';
import { socketPath } from '../../../contracts/generated/socket.ts';
import { route, tokenOwner, userRoom, type Delivery } from '../core/realtime.ts';
import type { WorldHost } from '../host.ts';

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
    // Fan-out: a broadcast is encoded once per room (and its WebSocket frame built once), which
    // compression per connection would undo.
    perMessageDeflate: false,
  });
  // A delivery pairs an event with its own payload type; socket.io's typed emit cannot see that through the union.
  type Emitter = { emit(event: string, payload: unknown): unknown };
  const send = (target: object, d: Delivery) => (target as Emitter).emit(d.event, d.payload);

  const core = route({
    world: () => host.world,
    on: (event, listener) => host.on(event, listener),
    rooms: () => io.of('/').adapter.rooms.keys(),
    deliver: (d) => send(io.to(d.room), d),
    // A session that ends (logout, a password changed on another device) stops its sockets'
    // private events at once.
    sessionEnded: (userId, ended) => {
      for (const socket of io.of('/').sockets.values()) {
        if (socket.data.token === ended) {
          socket.leave(userRoom(userId));
          delete socket.data.token;
        }
      }
    },
  });

  io.on('connection', (socket) => {
    // A logged-in client sends its token in the handshake; its private events go to its user's room
    // while that session lives (a support guest's key: the guest's support events). A connection is
    // never refused for its token: without a live session or guest (no token, not a string,
    // unknown, ended) it is anonymous, public topics only.
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const userId = typeof token === 'string' ? tokenOwner(host.world, token) : undefined;
    if (userId) {
      socket.data.token = token as string;
      socket.join(userRoom(userId));
    }
    const reply = (ack: unknown, response: SubscriptionAck) => {
      if (typeof ack === 'function') ack(response);
    };
    socket.on('subscribe', (payload, ack) => {
      const { ack: response, topics, snapshots } = core.subscribe(payload);
      socket.join(topics);
      // The contract's order: the ack, then the snapshots (synchronously, so no tick comes between).
      reply(ack, response);
      for (const d of snapshots) send(socket, d);
    });
    socket.on('unsubscribe', (payload, ack) => {
      const { ack: response, topics } = core.unsubscribe(payload);
      for (const t of topics) socket.leave(t);
      reply(ack, response);
    });
  });

  // A reset ends every session.
  host.onReset(() => {
    for (const socket of io.of('/').sockets.values()) {
      for (const room of socket.rooms) if (room.startsWith('user:')) socket.leave(room);
      delete socket.data.token;
    }
  });

  return io;
}
