/**
 * The in-browser mock's realtime transport: the same core as the socket.io adapter
 * (core/realtime.ts: topics, snapshots, routing), delivered inside the page instead of over a
 * socket. It has the shape of the web client's `RealtimeTransport`.
 */
import { route, tokenOwner, userRoom, type Delivery, type EventPayload, type ServerEvent } from '../core/realtime.ts';
import type { World } from '../domain/world.ts';

export function inPageTransport(world: World, token: () => string | undefined) {
  const topics = new Set<string>();
  const listeners: { [E in ServerEvent]?: Array<(payload: EventPayload<E>) => void> } = {};
  const emit = (d: Delivery) => {
    for (const l of (listeners[d.event] ?? []) as Array<(payload: unknown) => void>) l(d.payload);
  };
  // Like a socket: a user's events while the page's token is a live session of that user (or a support guest's key).
  const reaches = (room: string) => {
    if (!room.startsWith('user:')) return topics.has(room);
    const userId = tokenOwner(world, token());
    return userId !== undefined && room === userRoom(userId);
  };
  const core = route({
    world: () => world,
    on: (event, listener) => world.events.on(event, listener),
    rooms: () => topics,
    deliver: (d) => reaches(d.room) && emit(d),
  });

  return {
    connect: () => {},
    reconnect: () => {},
    connected: () => true,
    subscribe: (list: string[]) => {
      const { topics: joined, snapshots } = core.subscribe({ topics: list });
      for (const t of joined) topics.add(t);
      // Asynchronously, as a socket's snapshot arrives after the request.
      queueMicrotask(() => snapshots.forEach(emit));
    },
    unsubscribe: (list: string[]) => {
      for (const t of core.unsubscribe({ topics: list }).topics) topics.delete(t);
    },
    onStatus: (listener: (status: 'connected') => void) => queueMicrotask(() => listener('connected')),
    onEvent: <E extends ServerEvent>(event: E, listener: (payload: EventPayload<E>) => void) => {
      ((listeners[event] ??= []) as Array<(payload: EventPayload<E>) => void>).push(listener);
    },
  };
}
