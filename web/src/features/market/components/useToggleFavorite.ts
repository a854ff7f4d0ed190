/** The toggle behind a favourite star (a guest is sent to log in first). */
import { useCallback, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getToken } from '../../../api/client';
import { loginRedirect } from '../../../lib/paths';
import { useSetFavorite } from '../api';

/**
 * A stable callback (so that toggling one star re-renders only its row) that stars or unstars a
 * symbol, or takes a guest to login and back here.
 */
export function useToggleFavorite(): (symbol: string, favorite: boolean) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  here.current = location.pathname + location.search;
  const { mutate } = useSetFavorite();
  const mutateRef = useRef(mutate);
  mutateRef.current = mutate;
  return useCallback(
    (symbol: string, favorite: boolean) => {
      if (!getToken()) return navigate(loginRedirect(here.current));
      mutateRef.current({ symbol, favorite });
    },
    [navigate],
  );
}
