import { useEffect, useState } from 'react';
import { atPulse } from './throttle';

/**
 * What `read` returns, sampled on the pulses of `ms` (a multiple of the live pulse): what a long
 * live list shows, so that a fast feed re-renders it at most 1000 / ms times a second. The caller
 * does not subscribe to the data itself (only to its status, say), so nothing re-renders it on the
 * pulses between. Until the first sample that is not undefined, each render reads afresh: the first
 * data shows at once. `read` must be stable (a new function restarts the sampling).
 */
export function useSampled<T>(read: () => T, ms: number): T {
  const [shown, setShown] = useState(read);
  useEffect(() => {
    let cancel = () => {};
    const sample = () => {
      // The same value again (nothing moved since the last sample) renders nothing.
      setShown(() => read());
      cancel = atPulse(sample, 0, ms);
    };
    cancel = atPulse(sample, 0, ms);
    return () => cancel();
  }, [read, ms]);
  return shown ?? read();
}
