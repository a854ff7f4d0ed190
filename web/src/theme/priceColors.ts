/**
 * Which colour means "up": green (the default) or red (the convention in mainland China, Japan and
 * Korea). The choice lives in localStorage `price_colors` and is applied as
 * `<html data-price-colors="red-up">`, which swaps the CSS variables --app-up and --app-down (and
 * with them buy and sell); the chart reads the colours through `usePriceColors`.
 */
import { useComputedColorScheme } from '@mantine/core';
import { useSyncExternalStore } from 'react';

export type PriceColors = 'green-up' | 'red-up';
export const PRICE_COLORS_KEY = 'price_colors';
/** The chart's green and red on the dark background (#102030): 7.8:1 and 4.7:1. */
export const GREEN = '#0ecb81';
export const RED = '#f6465d';
/** The chart's green and red on white: 3.4:1 and 3.9:1, WCAG's 3:1 for graphics (the dark theme's are 2.1:1 and 3.5:1 there). */
export const LIGHT_GREEN = '#0b9e65';
export const LIGHT_RED = '#e8415a';

const listeners = new Set<() => void>();

function read(): PriceColors {
  try {
    return localStorage.getItem(PRICE_COLORS_KEY) === 'red-up' ? 'red-up' : 'green-up';
  } catch {
    return 'green-up';
  }
}

let current: PriceColors = read();

/** Puts the stored choice on <html>; call once before the first render. */
export function applyPriceColors(): void {
  current = read();
  document.documentElement.dataset.priceColors = current;
}

export function setPriceColors(next: PriceColors): void {
  try {
    localStorage.setItem(PRICE_COLORS_KEY, next);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  current = next;
  document.documentElement.dataset.priceColors = next;
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const COLORS = {
  light: {
    'green-up': { scheme: 'green-up', up: LIGHT_GREEN, down: LIGHT_RED },
    'red-up': { scheme: 'red-up', up: LIGHT_RED, down: LIGHT_GREEN },
  },
  dark: {
    'green-up': { scheme: 'green-up', up: GREEN, down: RED },
    'red-up': { scheme: 'red-up', up: RED, down: GREEN },
  },
} as const;

/**
 * The current choice and the colours it gives in the current theme (for canvas drawing, e.g. the
 * chart); stable per choice and theme. Text and fills use the CSS variables of theme.css instead.
 */
export function usePriceColors(): (typeof COLORS)['light' | 'dark'][PriceColors] {
  const scheme = useComputedColorScheme('light');
  const choice = useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
  return COLORS[scheme][choice];
}
