import { useEffect, useRef, useState } from 'react';
import { atPulse } from './throttle';

/**
 * `value` as it was on the last pulse of `ms` (a multiple of the live pulse): what a long live list
 * shows, so that a fast feed re-renders it at most 1000 / ms times a second. The first value that
 * is not undefined shows at once.
 */
export function useSampled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => {
    if (Object.is(shown, value)) return;
    return atPulse(() => setShown(latest.current), 0, ms);
  }, [value, shown, ms]);
  // Until the first sample, the value itself: the first data shows at once.
  return shown ?? value;
}
