/**
 * Registers the app's service worker (web/build/pwa.ts makes /h5/sw.js at build time) and tells the
 * update prompt when a new build's worker is waiting.
 *
 * Registered only in a production build, never in msw mode (msw's own worker owns the /h5/ scope
 * there), and not when config.js says `serviceWorker: false` (a deployment's off switch: the worker
 * already installed is then unregistered). The e2e fixtures block service workers in every test
 * except e2e/specs/pwa.spec.ts, so tests never get a bundle cached by an earlier build.
 * Registered after the page's load event, off the critical path; a few lines of the standard
 * API rather than workbox-window (2 KB gzip more on a first visit).
 */
export const SW_URL = `${import.meta.env.BASE_URL}sw.js`;

type Listener = () => void;

interface UpdateState {
  /** A new version's worker is installed and waits for the page's go-ahead. */
  waiting: boolean;
}

let state: UpdateState = { waiting: false };
const listeners = new Set<Listener>();
let activate: (() => void) | null = null;

function set(next: UpdateState) {
  state = next;
  listeners.forEach((l) => l());
}

export const updates = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): UpdateState => state,
  /** Activates the waiting worker; the page reloads once it controls the page. */
  apply(): void {
    if (activate) activate();
    else window.location.reload();
  },
};

function enabled(): boolean {
  const config = window.__APP_CONFIG__ as { serviceWorker?: boolean } | undefined;
  return config?.serviceWorker !== false;
}

/** Offers the update when `worker` (a new build's) has installed beside the worker in control. */
function offerWhenInstalled(worker: ServiceWorker | null) {
  if (!worker) return;
  const check = () => {
    // With no worker in control this is the first install: nothing to update.
    if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
  };
  worker.addEventListener('statechange', check);
  check();
}

function offer(worker: ServiceWorker) {
  activate = () => {
    // Reload once the new worker has taken over, so the page runs the new build throughout.
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    worker.postMessage({ type: 'SKIP_WAITING' });
  };
  set({ waiting: true });
}

async function register(): Promise<void> {
  const registration = await navigator.serviceWorker.register(SW_URL, { scope: import.meta.env.BASE_URL });
  // Blocked (a test's policy answers undefined): the app works without it.
  if (!registration) return;
  // A new worker waits (skipWaiting is off): offer the update, also for one that was already
  // waiting when this page loaded.
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  offerWhenInstalled(registration.installing);
  registration.addEventListener('updatefound', () => offerWhenInstalled(registration.installing));
  // What this page loaded before the worker controlled it (the user's dictionary, config.js) goes
  // through the worker's routes once, so an offline start finds it (workbox's CACHE_URLS message).
  const ready = await navigator.serviceWorker.ready;
  const loaded = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((url) => url.startsWith(`${location.origin}${import.meta.env.BASE_URL}`));
  ready.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: loaded } });
  // A long-lived tab (an installed app stays open for days) looks for a new version now and then.
  window.setInterval(() => void registration.update().catch(() => {}), 60 * 60 * 1000);
}

async function unregister(): Promise<void> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.filter((r) => r.active?.scriptURL.endsWith(SW_URL) ?? false).map((r) => r.unregister()));
}

let registered = false;

/** Call at start-up (again is harmless). */
export function registerServiceWorker(): void {
  if (registered) return;
  registered = true;
  if (!import.meta.env.PROD || import.meta.env.VITE_MOCK === 'msw' || !('serviceWorker' in navigator)) return;
  const start = () => {
    (enabled() ? register() : unregister()).catch((err: unknown) => {
      // Blocked (private mode, a test's policy) or failed: the app works without it.
      console.warn('[pwa] service worker not registered', err);
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
