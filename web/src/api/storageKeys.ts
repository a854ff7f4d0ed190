/** localStorage keys the app and preload.js (web/build/routePreload.ts) both read. */
export const TOKEN_KEY = 'token';
/** The support chat's guest key (kept by "clear cache", like the session). */
export const GUEST_KEY = 'support_guest';
