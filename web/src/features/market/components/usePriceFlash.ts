import { useLayoutEffect, useRef } from 'react';
import { compare } from '../../../lib/decimal';
import classes from './flash.module.css';

const FLASH_MS = 400;

/** Lit elements and when they were lit; one timer clears them all (not one per row and tick). */
const lit = new Map<HTMLElement, number>();
let sweep: ReturnType<typeof setTimeout> | null = null;

function scheduleSweep(delay: number) {
  sweep = setTimeout(() => {
    sweep = null;
    const now = performance.now();
    let next = Infinity;
    for (const [el, at] of lit) {
      if (now - at >= FLASH_MS - 20) {
        delete el.dataset.flash;
        lit.delete(el);
      } else next = Math.min(next, at + FLASH_MS - now);
    }
    if (lit.size) scheduleSweep(next);
  }, delay);
}

function light(el: HTMLElement, dir: 'up' | 'down') {
  el.dataset.flash = dir;
  lit.set(el, performance.now());
  if (!sweep) scheduleSweep(FLASH_MS);
}

/**
 * Tints the element green or red for a moment when the price moves (flash.module.css): a data
 * attribute written in the commit and cleared by one shared timer, so a tick costs no extra React
 * render and no animation frames. Returns the ref to put on the price element.
 */
export function usePriceFlash<T extends HTMLElement>(price: string | undefined) {
  const ref = useRef<T>(null);
  const previous = useRef(price);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = price;
    const el = ref.current;
    if (!el) return;
    el.classList.add(classes.flash);
    if (price === undefined || before === undefined || before === price) return;
    const dir = compare(price, before);
    if (dir) light(el, dir > 0 ? 'up' : 'down');
  }, [price]);
  useLayoutEffect(() => {
    const el = ref.current;
    return () => {
      if (el) lit.delete(el);
    };
  }, []);
  return ref;
}
