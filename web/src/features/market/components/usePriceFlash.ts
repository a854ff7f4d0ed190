import { useEffect, useRef, useState } from 'react';
import { compare } from '../../../lib/decimal';
import classes from './market.module.css';

/** Flashes green or red for a moment when the price moves: returns the class to add. */
export function usePriceFlash(price: string | undefined): string {
  const previous = useRef(price);
  const [flash, setFlash] = useState('');
  useEffect(() => {
    if (price === undefined || previous.current === price) return;
    const before = previous.current;
    previous.current = price;
    if (before === undefined) return;
    const dir = compare(price, before);
    if (!dir) return;
    setFlash(dir > 0 ? classes.flashUp : classes.flashDown);
    const timer = setTimeout(() => setFlash(''), 400);
    return () => clearTimeout(timer);
  }, [price]);
  return flash;
}
