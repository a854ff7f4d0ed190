/**
 * Where the API's credential is kept (localStorage): the session, else this device's support guest
 * key (api/client.ts `credential`). preload.js reads them too (web/build/routePreload.ts).
 */
export const TOKEN_KEY = 'token';
/** The support chat's guest key (kept by "clear cache", like the session). */
export const GUEST_KEY = 'support_guest';
