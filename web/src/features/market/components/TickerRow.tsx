import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { compare, direction, formatAmount, formatCompact, formatPercent } from '../../../lib/decimal';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import type { Ticker } from '../api';
import classes from './market.module.css';

/** Flashes green or red for a moment when the price moves. */
function usePriceFlash(price: string): string {
  const previous = useRef(price);
  const [flash, setFlash] = useState('');
  useEffect(() => {
    if (previous.current === price) return;
    const dir = compare(price, previous.current);
    previous.current = price;
    if (!dir) return;
    setFlash(dir > 0 ? classes.flashUp : classes.flashDown);
    const timer = setTimeout(() => setFlash(''), 400);
    return () => clearTimeout(timer);
  }, [price]);
  return flash;
}

export const TickerRow = memo(function TickerRow({ ticker }: { ticker: Ticker }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const flash = usePriceFlash(ticker.last);
  const dir = direction(ticker.change24h);
  return (
    <Link
      to={`/pages/market/kline?symbol=${encodeURIComponent(ticker.symbol)}`}
      className={classes.row}
      data-testid="ticker-row"
      data-symbol={ticker.symbol}
    >
      <div>
        <div className={classes.name}>
          {ticker.base}
          <span className={classes.quote}> /{ticker.quote}</span>
        </div>
        <div className={classes.sub}>
          {t('market.vol')} {formatCompact(ticker.quoteVolume24h, locale)}
        </div>
      </div>
      <div className={`${classes.price} ${flash}`} data-testid="ticker-price">
        {formatAmount(ticker.last, ticker.pricePrecision, locale)}
      </div>
      <div className={`${classes.change} ${dir > 0 ? classes.up : dir < 0 ? classes.down : ''}`} data-testid="ticker-change">
        {formatPercent(ticker.change24h, locale)}
      </div>
    </Link>
  );
});
