/**
 * Light (default) and dark (#102030) themes. The choice lives in localStorage `theme`, is applied to
 * the navigation and tab bars through CSS variables, and is read again whenever the page becomes
 * visible (another tab, or the native shell, may have changed it).
 */
import { createTheme, type MantineColorScheme, type MantineColorSchemeManager } from '@mantine/core';
import controls from './controls.module.css';
import './theme.css';
import { DARK_BACKGROUND, FONT_FAMILY, FONT_FAMILY_MONOSPACE } from './tokens';

const THEME_KEY = 'theme';

export const theme = createTheme({
  primaryColor: 'blue',
  // Filled colours (buttons, the anchor colour in light) at shade 8: white on blue-8 is 5.0:1, on
  // Mantine's default blue-6 3.6:1, under WCAG AA's 4.5:1. Dark keeps 8 (its text colours are shade 4).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: FONT_FAMILY,
  fontFamilyMonospace: FONT_FAMILY_MONOSPACE,
  colors: {
    // Dark palette built around the product's dark background (#102030 is dark[7], the body colour).
    // dark[2] is the dimmed text: 6.4:1 on the body, 5.5:1 on the cards (dark[6]), 4.5:1 on dark[5].
    dark: ['#d5dde8', '#aab6c6', '#95a3b6', '#5b6b82', '#3c4d64', '#263a52', '#1a2d42', DARK_BACKGROUND, '#0b1724', '#060f18'],
    // Mantine's gray with a darker gray[6], the light theme's dimmed text: 5.4:1 on white and 4.6:1
    // on gray[2] (Mantine's #868e96 is 3.3:1 on white).
    gray: ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#646b73', '#495057', '#343a40', '#212529'],
    // Mantine's orange, yellow, green and teal with darker shades 8 (filled: white text on it) and 9
    // (the light variant's text on shade 1): 4.5:1 or more; Mantine's are 2.5:1 to 4.4:1.
    orange: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#f76707', '#c2410c', '#a63c0c'],
    yellow: ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#fab005', '#f59f00', '#a35200', '#8a4600'],
    green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#37b24d', '#237a36', '#1f6b2f'],
    teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#0ca678', '#087f5b', '#0a6b4e'],
  },
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
