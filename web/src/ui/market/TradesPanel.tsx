/** Recent public trades of a symbol, newest first, the price coloured by the taker's side. */
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { useRecentTrades } from '../../api/market';
import classes from './trades.module.css';
import tone from './tone.module.css';
import { formatAmount, formatDate } from '../../lib/format';

export function TradesPanel({
  symbol,
  pricePrecision,
  amountPrecision,
  limit,
  flush,
}: {
  symbol: string;
  pricePrecision: number;
  amountPrecision: number;
  /** Rows shown (all the feed keeps by default). */
  limit?: number;
  /** Rows without side padding, inside a padded section. */
  flush?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const { data, isPending } = useRecentTrades(symbol);
  if (isPending) return <p className={classes.empty}>{t('common.loading')}</p>;
  if (!data?.length) return <p className={classes.empty}>{t('common.noData')}</p>;
  return (
    <div data-testid="trades-list" className={flush ? classes.flush : undefined}>
      <div className={classes.tradeRow + ' ' + classes.tradeHead}>
        <span>{t('kline.time')}</span>
        <span>{t('kline.price')}</span>
        <span>{t('kline.amount')}</span>
      </div>
      {/* Positional keys: new trades update the rows' text instead of inserting and removing rows. */}
      {data.slice(0, limit).map((tr, i) => (
        <div key={i} className={classes.tradeRow} data-testid="trade-row" data-side={tr.side} data-time={tr.time}>
          <span className={tone.dim}>{formatDate(tr.time, 'time', locale)}</span>
          <span className={tr.side === 'buy' ? tone.textUp : tone.textDown}>{formatAmount(tr.price, pricePrecision, locale)}</span>
          <span>{formatAmount(tr.quantity, amountPrecision, locale)}</span>
        </div>
      ))}
    </div>
  );
}
