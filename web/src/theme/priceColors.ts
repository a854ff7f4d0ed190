/**
 * Which colour means "up": green (the default) or red (the convention in mainland China, Japan and
 * Korea). The choice lives in localStorage `price_colors` and is applied as
 * `<html data-price-colors="red-up">`, which swaps the CSS variables --app-up and --app-down (and
 * with them buy and sell); the chart reads the colours through `usePriceColors`.
 */
import { useSyncExternalStore } from 'react';

export type PriceColors = 'green-up' | 'red-up';
export const PRICE_COLORS_KEY = 'price_colors';
export const GREEN = '#0ecb81';
export const RED = '#f6465d';

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
  'green-up': { scheme: 'green-up', up: GREEN, down: RED },
  'red-up': { scheme: 'red-up', up: RED, down: GREEN },
} as const;

/** The current choice and the colours it gives (for canvas drawing, e.g. the chart); stable per choice. */
export function usePriceColors(): (typeof COLORS)[PriceColors] {
  return COLORS[
    useSyncExternalStore(
      subscribe,
      () => current,
      () => current,
    )
  ];
}
