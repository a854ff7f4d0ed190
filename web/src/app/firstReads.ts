/**
 * The reads each tab page asks for first: contract operations without parameters, `open` for
 * anyone and `user` with a session. They go out before the app's code has run: preload.js
 * (web/build/routePreload.ts) asks for them as it starts the page's code, and the API client takes
 * those answers (api/earlyReads.ts) when main.tsx starts the same queries (app/routes.tsx), instead
 * of asking again once the app has run (on a phone, a few hundred milliseconds later).
 * Plain data, no React: the build reads it too.
 */
// With its extension: the build's plugins import this file through Node (web/build/routePreload.ts).
import type { TabKey } from './tabs.ts';

/** The operations a page may read first (app/routes.tsx maps each to its query). */
export type FirstRead = 'listTickers' | 'getSettings' | 'listCoins' | 'getWallet' | 'getCurrentUser';

export const FIRST_READS: Record<TabKey, { open: FirstRead[]; user: FirstRead[] }> = {
  home: { open: ['listTickers'], user: ['getCurrentUser'] },
  market: { open: ['listTickers'], user: [] },
  trade: { open: ['listTickers', 'getSettings'], user: ['getWallet', 'listCoins'] },
  lever: { open: [], user: [] },
  assets: { open: [], user: ['getWallet', 'listCoins', 'getSettings'] },
};
