/**
 * The last tickers, kept in localStorage so an app started offline (from the service worker's
 * cached shell) shows the last known prices, marked stale, instead of skeletons. Written at most
 * every SAVE_EVERY_MS while tickers arrive, and when the page is hidden; read into the query
 * cache, with the time they were saved, only when the tickers cannot be loaded (offline at start,
 * or the request failed). The query then refetches as soon as the browser is back online.
 */
import type { QueryClient } from '@tanstack/react-query';
import { tickersQuery, type Ticker } from '../api/market';

export const SNAPSHOT_KEY = 'h5.tickers';
const SAVE_EVERY_MS = 10_000;
const TICKERS_KEY = tickersQuery.queryKey;

interface Snapshot {
  v: 1;
  savedAt: number;
  tickers: Ticker[];
}

export function readSnapshot(): Snapshot | null {
  try {
    const raw = localStorage.getItem(SNAPSHOT_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Snapshot;
    return s.v === 1 && Array.isArray(s.tickers) && typeof s.savedAt === 'number' ? s : null;
  } catch {
    return null;
  }
}

function write(tickers: Ticker[], savedAt: number) {
  try {
    localStorage.setItem(SNAPSHOT_KEY, JSON.stringify({ v: 1, savedAt, tickers } satisfies Snapshot));
  } catch {
    /* full or private mode: nothing to show offline, the app still works */
  }
}

let started: QueryClient | null = null;

/** Starts saving and restoring the ticker snapshot for this query client (once). */
export function keepTickerSnapshot(queryClient: QueryClient): void {
  if (started === queryClient) return;
  started = queryClient;
  const cache = queryClient.getQueryCache();
  let lastSaved = 0;
  let savedUpdatedAt = 0;
  let restored = false;

  const save = (force: boolean) => {
    const state = queryClient.getQueryState<Ticker[]>(TICKERS_KEY);
    const data = queryClient.getQueryData<Ticker[]>(TICKERS_KEY);
    if (!state || !data?.length || state.dataUpdatedAt === savedUpdatedAt) return;
    const now = Date.now();
    if (!force && now - lastSaved < SAVE_EVERY_MS) return;
    // A restored snapshot is not saved again as if it were new.
    if (restored && state.dataUpdatedAt <= (readSnapshot()?.savedAt ?? 0)) return;
    lastSaved = now;
    savedUpdatedAt = state.dataUpdatedAt;
    write(data, state.dataUpdatedAt);
  };

  const restore = () => {
    if (queryClient.getQueryData(TICKERS_KEY) !== undefined) return;
    const snapshot = readSnapshot();
    if (!snapshot) return;
    restored = true;
    // updatedAt in the past: the data is stale, so the query refetches when it can.
    queryClient.setQueryData(TICKERS_KEY, snapshot.tickers, { updatedAt: snapshot.savedAt });
  };

  if (!navigator.onLine) restore();
  cache.subscribe((event) => {
    if (event.query.queryHash !== cache.find({ queryKey: TICKERS_KEY, exact: true })?.queryHash) return;
    const { status, fetchStatus } = event.query.state;
    // Offline when a page asked for tickers (the fetch waits for the network), or it failed.
    if (event.query.state.data === undefined && (status === 'error' || fetchStatus === 'paused')) restore();
    else if (event.type === 'updated') save(false);
  });
  const flush = () => {
    if (document.visibilityState === 'hidden') save(true);
  };
  document.addEventListener('visibilitychange', flush);
  window.addEventListener('pagehide', () => save(true));
}
