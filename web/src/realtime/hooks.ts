import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ServerToClientEvents } from '../../../contracts/generated/socket';
import { realtime, type ConnectionStatus } from './socket';

export function useRealtimeStatus(): ConnectionStatus {
  return useSyncExternalStore(realtime.onStatusChange, realtime.status, realtime.status);
}

/** Joins `topic` while mounted and calls `handler` with every `event` payload. */
export function useRealtime<E extends keyof ServerToClientEvents>(
  topic: string | null,
  event: E,
  handler: (payload: Parameters<ServerToClientEvents[E]>[0]) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!topic) return;
    const off = realtime.on(event, (p) => latest.current(p));
    const leave = realtime.subscribe(topic);
    return () => {
      leave();
      off();
    };
  }, [topic, event]);
}
