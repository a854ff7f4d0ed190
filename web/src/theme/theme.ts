/**
 * Light (default) and dark (#102030) themes. The choice lives in localStorage `theme`, is applied to
 * the navigation and tab bars through CSS variables, and is read again whenever the page becomes
 * visible (another tab, or the native shell, may have changed it).
 */
import { createTheme, type MantineColorScheme, type MantineColorSchemeManager } from '@mantine/core';

const THEME_KEY = 'theme';
const DARK_BACKGROUND = '#102030';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  colors: {
    // Dark palette built around the product's dark background (#102030 is dark[7], the body colour).
    dark: ['#d5dde8', '#aab6c6', '#7f8ea3', '#5b6b82', '#3c4d64', '#263a52', '#1a2d42', '#102030', '#0b1724', '#060f18'],
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
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', scheme === 'dark' ? DARK_BACKGROUND : '#ffffff');
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
