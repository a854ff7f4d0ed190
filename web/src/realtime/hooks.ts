import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ServerToClientEvents } from '../../../contracts/generated/socket';
import { realtime, type ConnectionStatus } from './socket';

export function useRealtimeStatus(): ConnectionStatus {
  return useSyncExternalStore(realtime.onStatusChange, realtime.status, realtime.status);
}

/** Calls `resync` while mounted each time the live connection opens (see `Realtime.onConnect`). */
export function useRealtimeResync(resync: () => void): void {
  const latest = useRef(resync);
  latest.current = resync;
  useEffect(() => realtime.onConnect(() => latest.current()), []);
}

/**
 * What a change of the user's own refreshes when it succeeds: nothing while the live connection is
 * up, since the server's events about the change (`order`, `balances`, `record`) refresh each of
 * those queries once, else the queries themselves. What a dropped connection missed, the events'
 * hooks read again when it is back (`useRealtimeResync`).
 */
export function useRefreshUnlessLive(keys: readonly QueryKey[]): () => void {
  const queryClient = useQueryClient();
  return () => {
    if (realtime.status() === 'connected') return;
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
}

/**
 * Calls `handler` with every `event` payload while mounted, joining `topic` for it; `null` for
 * events that need no topic (the user's own events arrive once the connection is authenticated).
 */
export function useRealtime<E extends keyof ServerToClientEvents>(
  topic: string | null,
  event: E,
  handler: (payload: Parameters<ServerToClientEvents[E]>[0]) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const off = realtime.on(event, (p) => latest.current(p));
    const leave = topic ? realtime.subscribe(topic) : () => {};
    return () => {
      leave();
      off();
    };
  }, [topic, event]);
}
