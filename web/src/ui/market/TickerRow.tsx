import { memo, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { direction } from '../../lib/decimal';
import { formatAmount, formatCompact, formatPercent } from '../../lib/format';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import type { Ticker } from '../../api/market';
import classes from './tickerRow.module.css';
import { FavoriteStar } from './FavoriteStar';
import { usePriceFlash } from './usePriceFlash';
import { paths, withQuery } from '../../lib/paths';

/**
 * One market row, linking to the symbol's K-line. With `onToggleFavorite` (a stable callback) it
 * has a star button before the link. Memoised: a tickers event re-renders only the rows whose
 * ticker object changed. The list translates the volume's label once for all its rows (`volumeLabel`,
 * "market.vol"): a row re-renders several times a second on a fast feed.
 */
export const TickerRow = memo(function TickerRow({
  ticker,
  volumeLabel,
  favorite,
  onToggleFavorite,
}: {
  ticker: Ticker;
  volumeLabel: string;
  favorite?: boolean;
  onToggleFavorite?: (symbol: string, favorite: boolean) => void;
}) {
  const locale = useIntlLocale();
  const flash = usePriceFlash<HTMLDivElement>(ticker.last);
  const dir = direction(ticker.change24h);
  const to = useMemo(() => withQuery(paths.market.kline, { symbol: ticker.symbol }), [ticker.symbol]);
  const link = (
    <Link to={to} className={classes.row} {...(onToggleFavorite ? {} : { 'data-testid': 'ticker-row', 'data-symbol': ticker.symbol })}>
      <div>
        <div className={classes.name}>
          {ticker.base}
          <span className={classes.quote}> /{ticker.quote}</span>
        </div>
        <div className={classes.sub}>
          {volumeLabel} {formatCompact(ticker.quoteVolume24h, locale)}
        </div>
      </div>
      <div ref={flash} className={classes.price} data-testid="ticker-price">
        {formatAmount(ticker.last, ticker.pricePrecision, locale)}
      </div>
      <div className={`${classes.change} ${dir > 0 ? classes.up : dir < 0 ? classes.down : ''}`} data-testid="ticker-change">
        {formatPercent(ticker.change24h, locale)}
      </div>
    </Link>
  );
  if (!onToggleFavorite) return link;
  return (
    <div className={classes.starRow} data-testid="ticker-row" data-symbol={ticker.symbol}>
      <FavoriteStar symbol={ticker.symbol} favorite={Boolean(favorite)} onToggle={onToggleFavorite} />
      {link}
    </div>
  );
});
