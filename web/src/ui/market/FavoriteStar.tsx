/** The favourite star of a symbol (the toggle behind it is the market feature's useToggleFavorite). */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { StarIcon } from '../icons';
import classes from './tickerRow.module.css';

/** Memoised: a price tick re-renders its row, not the star. */
export const FavoriteStar = memo(function FavoriteStar({
  symbol,
  favorite,
  onToggle,
}: {
  symbol: string;
  favorite: boolean;
  onToggle: (symbol: string, favorite: boolean) => void;
}) {
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
});
