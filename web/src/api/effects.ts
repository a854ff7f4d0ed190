/**
 * What the API client does to the screen (spec §8), injected by the app shell so the client itself
 * stays free of React and testable: navigation, toasts, the transaction-password prompt and the
 * loading indicator; and the development-only alert of the API and realtime clients.
 */
interface ApiEffects {
  navigate: (to: string) => void;
  /**
   * Shows an error toast; `message` is already in the user's language. It belongs to the page and
   * goes when the user leaves it, unless `keep` (a message that explains a redirect).
   */
  toast: (message: string, options?: { keep?: boolean }) => void;
  /** The prompt of an HTTP 401 `no_transaction_password`; resolves true when the user chooses to set a transaction password. */
  confirmNoTransactionPassword: () => Promise<boolean>;
  /** Translates a key of locales/en.json (with an English fallback and interpolation values). */
  t: (key: string, fallback: string, values?: Record<string, string | number>) => string;
  /** True when a key exists in the current dictionary. */
  hasKey: (key: string) => boolean;
  /** Where the user is now (path and query, without the /h5 base). */
  currentPath: () => string;
  /** Development builds only: puts a problem a developer must see on screen (English, untranslated). */
  devAlert: (title: string, message: string) => void;
}

const noop: ApiEffects = {
  navigate: () => {},
  toast: () => {},
  confirmNoTransactionPassword: async () => false,
  t: (_key, fallback) => fallback,
  hasKey: () => false,
  currentPath: () => '/',
  devAlert: () => {},
};

let effects: ApiEffects = noop;
let installed = false;
let markInstalled = () => {};
const whenInstalled = new Promise<void>((resolve) => (markInstalled = resolve));

export function setApiEffects(next: Partial<ApiEffects>): void {
  effects = { ...effects, ...next };
  installed = true;
  markInstalled();
}

export function apiEffects(): ApiEffects {
  return effects;
}

/**
 * The effects once the shell has installed them. A page's first queries start with its code, before
 * the shell has mounted (routes.tsx `prefetch`): a failure that arrives before then waits to be
 * shown (a toast, the login page), in the user's language.
 */
export async function shellEffects(): Promise<ApiEffects> {
  if (!installed) await whenInstalled;
  return effects;
}

/** The loading indicator of `token`-style calls: shown while any runs, hidden ~1 s after the last ends. */
type LoadingListener = (visible: boolean) => void;
const loadingListeners = new Set<LoadingListener>();
let pending = 0;
let visible = false;
let hideTimer: ReturnType<typeof setTimeout> | null = null;
const LOADING_HIDE_DELAY_MS = 1000;

function setVisible(v: boolean) {
  if (visible === v) return;
  visible = v;
  for (const l of loadingListeners) l(v);
}

export const loading = {
  start(): void {
    pending += 1;
    if (hideTimer) clearTimeout(hideTimer);
    hideTimer = null;
    setVisible(true);
  },
  stop(): void {
    pending = Math.max(0, pending - 1);
    if (pending > 0) return;
    if (hideTimer) clearTimeout(hideTimer);
    hideTimer = setTimeout(() => setVisible(false), LOADING_HIDE_DELAY_MS);
  },
  subscribe(listener: LoadingListener): () => void {
    loadingListeners.add(listener);
    return () => loadingListeners.delete(listener);
  },
  isVisible: () => visible,
};
