/**
 * The server's time, re-read every second while `running`, for countdowns; undefined until the
 * server's time is known. It joins the tickers feed, whose events carry the server's time.
 */
import { useEffect, useState } from 'react';
import { serverNow, serverTimeKnown } from '../lib/serverClock';
import { useTickers } from './market';

export function useServerNow(running: boolean): number | undefined {
  // The tickers feed's events tell the server's time (shown from the next second's tick on).
  useTickers(() => null);
  const [, tick] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return serverTimeKnown() ? serverNow() : undefined;
}
