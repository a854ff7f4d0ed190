/**
 * The parts each dictionary (locales/*.json) is built into (web/build/dictionaries.ts), and what
 * each holds: a dictionary's top-level keys are its groups.
 *
 * core, `CORE_GROUPS`: the groups, or single keys (`group.key`), that come with the app's first
 * paint: what the shell, the home page and any toast or dialog on it show.
 */
export const CORE_GROUPS = [
  'app',
  'apiErrors',
  'common',
  'dialog',
  'errors',
  'home',
  'loading',
  'market',
  'auth.login',
  'auth.register',
  'messages.unread',
  'mine.me',
  'notAvailable',
  'notFound',
  'pwa',
  'realtime',
  'routes.kefu',
  'routes.news',
  'routes.store',
  'routes.systemMessages',
  'tabs',
  'theme',
] as const;

/**
 * One part per tab page but home, named after its tab (app/tabs.ts): the groups that page's code
 * names and core lacks, derived at build time by walking the page's imports (web/build/pageGroups.ts),
 * so a first visit to the tab downloads core and its part. The modules are under web/src/.
 *
 * rest: every group not wholly in core (tab parts included), for every other page. A string asked
 * for that is in no part loaded yet starts loading the rest (web/src/i18n/index.ts).
 */
export const TAB_PARTS = {
  market: 'features/market/pages/MarketPage.tsx',
  trade: 'features/trade/pages/TradePage.tsx',
  lever: 'features/lever/pages/LeverPage.tsx',
  assets: 'features/assets/pages/AssetsPage.tsx',
} as const;
