import { useLayoutEffect, useRef } from 'react';
import { compare } from '../../lib/decimal';
import { atPulse, LIVE_UPDATE_MS } from '../../lib/throttle';
import classes from './flash.module.css';

/** A flash lasts about this long: it is cleared on a pulse, with the live data of that pulse. */
const FLASH_MS = 400;

/** Lit elements and when they were lit; one sweep on a pulse clears them all. */
const lit = new Map<HTMLElement, number>();
let sweepPending = false;

function scheduleSweep() {
  sweepPending = true;
  atPulse(() => {
    sweepPending = false;
    const now = performance.now();
    for (const [el, at] of lit) {
      if (now - at < FLASH_MS - LIVE_UPDATE_MS / 2) continue;
      delete el.dataset.flash;
      lit.delete(el);
    }
    if (lit.size) scheduleSweep();
  }, FLASH_MS - LIVE_UPDATE_MS);
}

function light(el: HTMLElement, dir: 'up' | 'down') {
  el.dataset.flash = dir;
  lit.set(el, performance.now());
  if (!sweepPending) scheduleSweep();
}

/**
 * Tints the element green or red for a moment when the price moves (flash.module.css): a data
 * attribute written in the commit and cleared by one sweep on a live-data pulse, so a tick costs
 * no extra React render, no timer of its own and no extra frame. Returns the ref to put on the
 * price element.
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
