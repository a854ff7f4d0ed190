import { useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children one task after it has mounted, so that a long page's lower sections render
 * apart from its first screen and neither render is one long task on a phone. For what is below
 * the first screen only: it appears a moment after the rest.
 */
export function Later({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(id);
  }, []);
  return ready ? children : null;
}
