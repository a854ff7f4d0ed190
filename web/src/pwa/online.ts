/**
 * Whether the prices on screen are live: the browser is online and the realtime link has not been
 * down for longer than STALE_AFTER_MS (the reconnect banner shows at once; a blip of a second or
 * two is not worth greying every price).
 */
import { useSyncExternalStore } from 'react';
import { realtime } from '../realtime/socket';

export const STALE_AFTER_MS = 5_000;

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOnline = () => navigator.onLine;

/** navigator.onLine, live. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}

/** Whether the realtime link has been down for STALE_AFTER_MS: one timer for every reader. */
const linkDown = (() => {
  let down = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unwatch: (() => void) | undefined;
  const listeners = new Set<() => void>();
  const set = (value: boolean) => {
    if (value === down) return;
    down = value;
    listeners.forEach((l) => l());
  };
  const check = () => {
    if (realtime.status() === 'connected') {
      clearTimeout(timer);
      timer = undefined;
      set(false);
    } else if (timer === undefined && !down) {
      timer = setTimeout(() => {
        timer = undefined;
        if (realtime.status() !== 'connected') set(true);
      }, STALE_AFTER_MS);
    }
  };
  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      if (!unwatch) {
        unwatch = realtime.onStatusChange(check);
        check();
      }
      return () => {
        listeners.delete(listener);
        if (!listeners.size) {
          unwatch?.();
          unwatch = undefined;
          clearTimeout(timer);
          timer = undefined;
          down = false;
        }
      };
    },
    get: () => down,
  };
})();

/** True while the prices shown are not being kept live (offline, or the link down for a while). */
export function usePricesStale(): boolean {
  const online = useOnline();
  const down = useSyncExternalStore(linkDown.subscribe, linkDown.get, () => false);
  return !online || down;
}
