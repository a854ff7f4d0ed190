/** A symbol's last price (flashing as it moves) and 24 h change, live from the tickers. */
import { useTranslation } from 'react-i18next';
import { useTicker } from '../../api/market';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { formatAmount, formatPercent } from '../../lib/format';
import { toneOf } from './tone';
import { usePriceFlash } from './usePriceFlash';
import classes from './livePrice.module.css';

export function LivePrice({ symbol, pricePrecision, testId }: { symbol: string; pricePrecision: number; testId: string }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const ticker = useTicker(symbol);
  const flash = usePriceFlash<HTMLDivElement>(ticker?.last);
  const tone = ticker ? toneOf(ticker.change24h) : '';
  return (
    <div className={classes.priceRow} aria-label={t('market.lastPrice')}>
      <div ref={flash} className={`${classes.last} ${tone}`} data-testid={testId} data-price={ticker?.last}>
        {ticker ? formatAmount(ticker.last, pricePrecision, locale) : '--'}
      </div>
      <p className={`${classes.change} ${tone}`} data-testid={`${testId}-change`} aria-label={t('market.change24h')}>
        {ticker ? formatPercent(ticker.change24h, locale) : '--'}
      </p>
    </div>
  );
}
