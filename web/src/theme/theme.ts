/**
 * Light (default) and dark (#102030) themes. The choice lives in localStorage `theme`, is applied to
 * the navigation and tab bars through CSS variables, and is read again whenever the page becomes
 * visible (another tab, or the native shell, may have changed it).
 */
import { createTheme, type MantineColorScheme, type MantineColorSchemeManager } from '@mantine/core';
import controls from './controls.module.css';
import './theme.css';
import { DARK_BACKGROUND } from './tokens';
import { themeBase } from './themeBase';

const THEME_KEY = 'theme';

export const theme = createTheme({
  ...themeBase,
  // Labels wrap instead of being clipped (controls.module.css): long German, Russian and French words.
  // Plain objects keyed by component name, not `Button.extend(...)`: extend would import each
  // component (Drawer, Modal, Tabs and what they use) into the first visit's bundle.
  components: {
    Button: { classNames: { root: controls.buttonRoot, inner: controls.buttonInner, label: controls.buttonLabel } },
    Tabs: { classNames: { tab: controls.tab } },
    // A dialog's <header> would be a second banner landmark beside the page's: it is the dialog's title bar, no landmark.
    Modal: { defaultProps: { attributes: { header: { role: 'none' } } } },
    Drawer: { defaultProps: { attributes: { header: { role: 'none' } } } },
  },
});

function read(): MantineColorScheme {
  try {
    return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

function applyMeta(scheme: MantineColorScheme) {
  // Every theme-color meta (index.html has a light and a dark one): the bar follows the chosen theme.
  document.querySelectorAll('meta[name="theme-color"]').forEach((m) => m.setAttribute('content', scheme === 'dark' ? DARK_BACKGROUND : '#ffffff'));
}

export function themeManager(): MantineColorSchemeManager {
  let storage: ((e: StorageEvent) => void) | null = null;
  let visibility: (() => void) | null = null;
  return {
    get: () => {
      const scheme = read();
      applyMeta(scheme);
      return scheme;
    },
    set: (value) => {
      try {
        localStorage.setItem(THEME_KEY, value === 'dark' ? 'dark' : 'light');
      } catch {
        /* private mode: the choice lasts for this page only */
      }
      applyMeta(value);
    },
    subscribe: (onUpdate) => {
      storage = (e) => {
        if (e.key === THEME_KEY) onUpdate(read());
      };
      visibility = () => {
        if (document.visibilityState === 'visible') {
          const scheme = read();
          applyMeta(scheme);
          onUpdate(scheme);
        }
      };
      window.addEventListener('storage', storage);
      document.addEventListener('visibilitychange', visibility);
    },
    unsubscribe: () => {
      if (storage) window.removeEventListener('storage', storage);
      if (visibility) document.removeEventListener('visibilitychange', visibility);
    },
    clear: () => localStorage.removeItem(THEME_KEY),
  };
}
