/**
 * The groups of a dictionary (its top-level keys), or single keys (`group.key`), that come with the
 * app's first paint: what the
 * shell, the home page and any toast or dialog on it show. The rest of a dictionary (about three
 * quarters of it) loads with the first page beyond home (see `loadAllStrings`), or on the first
 * string asked for that is not there yet. The build splits each locales/*.json along this list
 * (web/build/dictionaries.ts).
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
  'routes.systemMessages',
  'tabs',
  'theme',
] as const;
