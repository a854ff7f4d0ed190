import './theme/mantineStyles';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadPage, queryClient } from './app/App';
import { getToken } from './api/client';
import { closeEarlyReads } from './api/earlyReads';
import { prefetchFirstReads, routeAt, stringsOf } from './app/routes';
import { initI18n, isRtl, localeOf } from './i18n';
import { applyPriceColors } from './theme/priceColors';
import { warmFormatters } from './lib/format';
import { dropBootShell } from './ui/bootShell';

/** How long the static shell may cover the app while the opened page's code is still coming. */
const BOOT_SHELL_MAX_MS = 3000;

async function boot() {
  // In-browser mock mode (`VITE_MOCK=msw`): the mock domain runs in the page, no server needed.
  if (import.meta.env.VITE_MOCK === 'msw') {
    const { startBrowserMock } = await import('./mocks/browser');
    await startBrowserMock();
  }
  applyPriceColors();
  // The opened page's code and its strings load alongside each other, not one after the other.
  const route = routeAt(window.location.pathname);
  void route?.load().catch(() => {}); // a failure shows (and recovers) where the page renders
  if (route) prefetchFirstReads(route, queryClient, Boolean(getToken())); // and its first queries,
  closeEarlyReads(); // which have taken preload.js's answers by now
  warmFormatters(); // while they download
  // The strings' set-up in a task of its own, after the requests above (together, a long task on a phone).
  await new Promise((resolve) => setTimeout(resolve));
  const i18n = await initI18n({ part: route ? stringsOf(route) : 'rest' });
  // The first render waits for the opened page's code (the static shell shows its outline meanwhile):
  // the page then draws in that render, not behind a skeleton (see lazyPage in app/App.tsx).
  if (route) await Promise.race([preloadPage(route).catch(() => {}), new Promise((resolve) => setTimeout(resolve, BOOT_SHELL_MAX_MS))]);
  const root = createRoot(document.getElementById('root')!);
  // In a transition, React renders the first screen in slices of a few milliseconds, yielding to the
  // browser between them, instead of one long task (the static shell stays on screen meanwhile).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App dir={isRtl(localeOf(i18n.language)) ? 'rtl' : 'ltr'} />
      </StrictMode>,
    ),
  );
  // The static shell goes once the opened page has drawn itself (ui/bootShell.ts), or soon anyway.
  setTimeout(dropBootShell, BOOT_SHELL_MAX_MS);
}

// A task after the entry's evaluation (Mantine, the router, the query client): one long task on a
// phone if they were one.
setTimeout(() => void boot());
