/**
 * The static shell of index.html (web/build/staticShell.ts): the frame and the opened tab page's
 * outline, painted before the app's code has run. It lies over the app until the opened page has
 * drawn itself (Shell.tsx, the 404 page, a page that failed), so the labels it shows do not give
 * way to a blank skeleton first; main.tsx drops it anyway a few seconds after the app's first render.
 * Plain DOM, no React: the build reads BOOT_ID too.
 */
export const BOOT_ID = 'boot';

/** Removes the static shell and what theme.js told it (they would go stale as the user moves on). */
export function dropBootShell() {
  document.getElementById(BOOT_ID)?.remove();
  document.documentElement.removeAttribute('data-boot-path');
  document.documentElement.removeAttribute('data-lang');
}
