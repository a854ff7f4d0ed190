/** A symbol's last price (flashing as it moves) and 24 h change, live from the tickers. */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTicker } from '../../../api/market';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatAmount, formatPercent } from '../../../lib/format';
import { toneOf } from '../../../ui/market/tone';
import { usePriceFlash } from '../../../ui/market/usePriceFlash';
import classes from './lever.module.css';

export function LivePrice({ symbol, pricePrecision }: { symbol: string; pricePrecision: number }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const ticker = useTicker(symbol);
  const flash = usePriceFlash<HTMLDivElement>(ticker?.last);
  const tone = ticker ? toneOf(ticker.change24h) : '';
  return (
    <div className={classes.priceRow} aria-label={t('lever.lastPrice')}>
      <div ref={flash} className={`${classes.last} ${tone}`} data-testid="lever-last" data-price={ticker?.last}>
        {ticker ? formatAmount(ticker.last, pricePrecision, locale) : '--'}
      </div>
      <Text size="sm" className={tone} data-testid="lever-change">
        {ticker ? formatPercent(ticker.change24h, locale) : '--'}
      </Text>
      <Text size="xs" c="dimmed">
        {t('lever.change24h')}
      </Text>
    </div>
  );
}
