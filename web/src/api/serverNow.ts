/**
 * The server's time, re-read every second while `running`, for countdowns; undefined until the
 * server's time is known. It joins the tickers feed, whose events carry the server's time.
 */
import { useEffect, useState } from 'react';
import { serverNow, serverTimeKnown } from '../lib/serverClock';
import { useTickers } from './market';

export function useServerNow(running: boolean): number | undefined {
  useTickers(() => null);
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return serverTimeKnown() ? now : undefined;
}
