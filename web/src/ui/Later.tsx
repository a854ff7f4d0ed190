import { useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children one task after it has mounted, so that a page renders in parts (its first
 * screen, then what follows) and no part is one long task on a phone. What it wraps appears a frame
 * after the rest, in place of `fallback` (a skeleton where it would otherwise be a gap).
 */
export function Later({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(id);
  }, []);
  return ready ? children : fallback;
}
