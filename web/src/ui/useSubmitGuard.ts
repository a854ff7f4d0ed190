import { useRef } from 'react';

/**
 * Guards a submission against a second tap that arrives before React has re-rendered with the
 * mutation's pending state (a double tap): `begin()` is false while one is under way.
 */
export function useSubmitGuard() {
  const busy = useRef(false);
  return {
    begin: () => {
      if (busy.current) return false;
      busy.current = true;
      return true;
    },
    end: () => {
      busy.current = false;
    },
  };
}
