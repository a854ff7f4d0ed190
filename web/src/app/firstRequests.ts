/**
 * What each tab page asks the server for first: GET operations without parameters, `open` for
 * anyone and `user` with a session. On a first visit, preload.js (web/build/routePreload.ts) sends
 * them as soon as it runs, long before the app's code has come; the app prefetches the same queries
 * (app/routes.tsx) and takes those answers instead of asking again (api/firstAnswers.ts).
 * Plain data: the build reads it.
 */

/** The operations a tab page may ask for first (app/routes.tsx has each one's query). */
export type FirstOperation = 'listTickers' | 'getSettings' | 'listCoins' | 'getWallet' | 'getCurrentUser';

export interface FirstRequests {
  open: FirstOperation[];
  user: FirstOperation[];
}

/** By tab page (web/build/routePreload.ts: TAB_PAGES). */
export const FIRST_REQUESTS = {
  HomePage: { open: ['listTickers'], user: ['getCurrentUser'] },
  MarketPage: { open: ['listTickers'], user: [] },
  TradePage: { open: ['listTickers', 'getSettings'], user: ['getWallet', 'listCoins'] },
  AssetsPage: { open: [], user: ['getWallet', 'listCoins', 'getSettings'] },
} satisfies Record<string, FirstRequests>;
