/**
 * The app's only way to raise a toast (a lint-like unit test, toast.test.ts, keeps it so): one
 * kind per meaning (an error in the theme's error colour with an error icon, a success in green, an
 * info in neutral grey), identical messages merged into one toast whose timer starts again instead
 * of stacking, and toasts that belong to a page dismissed when the user goes to another page.
 * Where toasts sit (below the header, never over it or the tab bar) is `ToastHost`.
 */
import type { NotificationData } from '@mantine/notifications';
import { useSyncExternalStore, type ReactNode, type SVGProps } from 'react';
import i18n from '../i18n';
import classes from './toast.module.css';

/**
 * Mantine's notifications (with the transition and scroll-lock code they bring, about 10 KB gzip)
 * load on the first toast, not with the app: most visits raise none.
 */
const loadLayer = () => import('./toastLayer');
type Layer = Awaited<ReturnType<typeof loadLayer>>;
let layer: Promise<Layer> | null = null;
/** The layer once loaded: what ToastHost mounts. */
let loaded: Layer | null = null;
/** Toasts are raised in order, each once the layer is there. */
let queue: Promise<unknown> = Promise.resolve();
const hostListeners = new Set<() => void>();

function withLayer(run: (l: Layer) => void): void {
  // A layer that could not load (offline, and not in the service worker's cache) is asked for
  // again with the next toast; the toasts raised meanwhile are dropped, the app goes on.
  layer ??= loadLayer().then(
    (m) => {
      loaded = m;
      hostListeners.forEach((l) => l());
      return m;
    },
    (err: unknown) => {
      layer = null;
      throw err;
    },
  );
  const loading = layer;
  queue = queue.then(() => loading.then(run)).catch(() => {});
}

/** Resolves once every toast raised so far is in Mantine's store (for tests). */
export const toastsSettled = (): Promise<unknown> => queue;

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastOptions {
  /**
   * Keep the toast when the page changes. Default: a success stays (it reports something done, and
   * often precedes a navigation), an error or info is about the page it was raised on and goes.
   * An error that explains a redirect (e.g. "verify your identity first") sets this.
   */
  keep?: boolean;
  /** Overrides the kind's display time, in ms. */
  autoClose?: number;
}

/** Display times: a success is read at a glance, an error may need reading twice. */
export const AUTO_CLOSE: Record<ToastKind, number> = { success: 4000, info: 4000, error: 6000 };
// The error colour is the theme's own (`--mantine-color-error`), whatever shade the theme picks for red.
const COLOR: Record<ToastKind, string> = { success: 'green', error: 'var(--mantine-color-error)', info: 'gray' };
/** At most this many toasts on screen; more wait in Mantine's queue. */
export const TOAST_LIMIT = 3;

/** A stable id for a message of a kind: the same message raised again finds its toast. */
export function toastId(kind: ToastKind, message: string): string {
  // FNV-1a, 32 bits: short ids, and a collision would only merge two toasts.
  let h = 0x811c9dc5;
  for (let i = 0; i < message.length; i++) {
    h ^= message.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `toast-${kind}-${(h >>> 0).toString(36)}`;
}

/**
 * What to do for a toast of `kind` and `message`, given the toasts on screen or queued: show a new
 * one, or update the one with the same id (a new display time restarts its timer: Mantine restarts
 * it when the duration changes, so the repeat count alternates it by 1 ms).
 */
export function planToast(
  existing: readonly NotificationData[],
  kind: ToastKind,
  message: string,
  options: ToastOptions = {},
): { action: 'show' | 'update'; data: NotificationData } {
  const id = toastId(kind, message);
  const previous = existing.find((n) => n.id === id);
  const repeats = previous ? Number(previous['data-repeats'] ?? 1) + 1 : 1;
  const base = options.autoClose ?? AUTO_CLOSE[kind];
  const keep = options.keep ?? kind === 'success';
  const data: NotificationData = {
    id,
    message,
    color: COLOR[kind],
    icon: ICON[kind],
    autoClose: base + (repeats % 2 === 0 ? 1 : 0),
    withBorder: true,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': i18n.t('common.close', { defaultValue: 'Close' }) },
    'data-kind': kind,
    'data-scope': keep ? 'app' : 'page',
    'data-repeats': repeats,
    'data-testid': 'toast',
  };
  return { action: previous ? 'update' : 'show', data };
}

function raise(kind: ToastKind, message: string, options?: ToastOptions): string {
  withLayer(({ notifications, notificationsStore }) => {
    const state = notificationsStore.getState();
    const { action, data } = planToast([...state.notifications, ...state.queue], kind, message, options);
    if (action === 'update') notifications.update(data);
    else notifications.show(data);
  });
  return toastId(kind, message);
}

/** A notice: something that happened to the user's money or orders on its own (a system message), with a link to it. */
export interface Notice {
  /** The message's id: the same message again (updated in place) updates its toast. */
  id: string;
  title: string;
  message: string;
  /** The button that opens what the notice is about. */
  action?: { label: string; run: () => void };
}

/** How a notice shows: an info toast with a title, kept across pages, a little longer than an info. */
function noticeData(n: Notice): NotificationData {
  return {
    id: `notice-${n.id}`,
    title: n.title,
    message: n.action ? (
      <>
        {n.message}{' '}
        <button type="button" className={classes.action} onClick={n.action.run} data-testid="notice-open">
          {n.action.label}
        </button>
      </>
    ) : (
      n.message
    ),
    color: COLOR.info,
    icon: ICON.info,
    autoClose: AUTO_CLOSE.info + 2000,
    withBorder: true,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': i18n.t('common.close', { defaultValue: 'Close' }) },
    'data-kind': 'notice',
    'data-scope': 'app',
    'data-testid': 'notice-toast',
  };
}

/** The page (pathname) the user is on, once known. */
let currentPage: string | null = null;

export const toast = {
  success: (message: string, options?: ToastOptions) => raise('success', message, options),
  error: (message: string, options?: ToastOptions) => raise('error', message, options),
  info: (message: string, options?: ToastOptions) => raise('info', message, options),
  /** A notice: shown, or updated when its message came again; its button closes it as it opens what it is about. */
  notice(n: Notice): void {
    withLayer(({ notifications, notificationsStore }) => {
      const id = `notice-${n.id}`;
      const open = n.action?.run;
      const action = n.action && {
        ...n.action,
        run: () => {
          open!();
          notifications.hide(id);
        },
      };
      const data = noticeData({ ...n, action });
      const state = notificationsStore.getState();
      if ([...state.notifications, ...state.queue].some((x) => x.id === data.id)) notifications.update(data);
      else notifications.show(data);
    });
  },
  /** The shell tells which page is shown; on a change of page the old page's toasts close. */
  pageShown(pathname: string): void {
    if (currentPage !== null && currentPage !== pathname) toast.dismissPageToasts();
    currentPage = pathname;
  },
  /** Closes the toasts that belong to a page (errors and infos not raised with `keep`). */
  dismissPageToasts(): void {
    if (!layer) return;
    withLayer(({ notifications, notificationsStore }) => {
      const state = notificationsStore.getState();
      for (const n of [...state.notifications, ...state.queue]) if (n['data-scope'] === 'page' && n.id) notifications.hide(n.id);
    });
  },
};

/**
 * Development builds only: a problem a developer must see, until closed (English, untranslated).
 */
export function devAlert(title: string, message: string): void {
  withLayer(({ notifications }) =>
    notifications.show({
      title,
      message,
      color: COLOR.error,
      icon: ICON.error,
      autoClose: false,
      withBorder: true,
      'data-testid': 'dev-alert',
      'data-scope': 'app',
    }),
  );
}

/**
 * The toasts' place: at the top, just below the header (48 px plus the notch's safe area, see
 * shell.module.css), so the title, back button and theme switch stay visible and usable, and far
 * from the tab bar. e2e/specs/feedback.spec.ts checks that a toast's box meets neither bar.
 */
export function ToastHost() {
  const Layer = useSyncExternalStore(
    (l) => (hostListeners.add(l), () => hostListeners.delete(l)),
    () => loaded?.ToastLayer ?? null,
  );
  return Layer ? <Layer limit={TOAST_LIMIT} /> : null;
}

const iconProps = (p: SVGProps<SVGSVGElement>) => ({
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  ...p,
});

const ICON: Record<ToastKind, ReactNode> = {
  error: (
    <svg {...iconProps({})} data-icon="error">
      <path d="M12 7v6" />
      <path d="M12 17h.01" />
    </svg>
  ),
  success: (
    <svg {...iconProps({})} data-icon="success">
      <path d="m6 12.5 4 4 8-9" />
    </svg>
  ),
  info: (
    <svg {...iconProps({})} data-icon="info">
      <path d="M12 11v6" />
      <path d="M12 7h.01" />
    </svg>
  ),
};
