/**
 * Answers to the opened tab page's first reads (app/firstReads.ts), asked for by preload.js as the
 * page opened, before the app's code had run (web/build/routePreload.ts). The API client takes one
 * instead of asking again when it asks for the same address with the same credential soon after:
 * once, and only while it is fresh. An early read that failed to reach the server is asked again.
 */

/** What preload.js keeps per address (`window.__h5EarlyReads`). */
export interface EarlyRead {
  /** The `Authorization` it was sent with (null: none). */
  auth: string | null;
  /** When it was sent (Date.now()). */
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    /** null once the app has asked for its first reads itself (closeEarlyReads). */
    __h5EarlyReads?: Record<string, EarlyRead> | null;
  }
}

/** Older than this, an early answer is not taken: the app asks afresh. */
export const EARLY_READ_MAX_AGE_MS = 10_000;

/**
 * The app has asked for its first reads (main.tsx, just after): what was not taken by then is
 * dropped, and preload.js, should it run only now, sends none. Otherwise an early read sent after
 * the app's own would wait there for a later ask, such as a pull to refresh, and answer it with
 * what was true when the page opened.
 */
export function closeEarlyReads(): void {
  window.__h5EarlyReads = null;
}

/** The early answer to `request`, if there is one to take (then it is gone), else null. */
export function takeEarlyRead(request: Request): Promise<Response> | null {
  const reads = typeof window === 'undefined' ? undefined : window.__h5EarlyReads;
  const read = reads?.[request.url];
  if (!reads || !read) return null;
  delete reads[request.url];
  if (request.method !== 'GET' || read.auth !== request.headers.get('Authorization') || Date.now() - read.at > EARLY_READ_MAX_AGE_MS) return null;
  return read.response.catch(() => fetch(request));
}
