/** The favourite star of a symbol, and the toggle behind it (a guest is sent to log in first). */
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { getToken } from '../../../api/client';
import { StarIcon } from '../../../ui/icons';
import { useSetFavorite } from '../api';
import classes from './market.module.css';
import { loginRedirect } from '../../../lib/paths';

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

export function FavoriteStar({ symbol, favorite, onToggle }: { symbol: string; favorite: boolean; onToggle: (symbol: string, favorite: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={classes.star}
      aria-pressed={favorite}
      aria-label={t(favorite ? 'market.unfavorite' : 'market.favorite', { symbol })}
      data-testid="favorite-toggle"
      onClick={() => onToggle(symbol, !favorite)}
    >
      <StarIcon width={18} height={18} />
    </button>
  );
}
