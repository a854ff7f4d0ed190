/**
 * One open position: direction, symbol, multiple, unrealized P/L and its percentage of the margin
 * (live from the tickers), lots, margin, open and current price, take-profit and stop-loss,
 * equivalent quantity, overnight fees so far and open time; set TP/SL and close.
 */
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTicker } from '../../../api/market';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatDate, formatExact, formatPercent } from '../../../lib/format';
import { toneOf } from '../../../ui/market/tone';
import { usePriceFlash } from '../../../ui/market/usePriceFlash';
import { pnlPercent, unrealizedPnl, type LeverOrder } from '../forms/leverForm';
import { priceText, quantityText, signedUsdt, usdt, usdtExact } from './display';
import { WRAP } from './wrap';
import { OrderTitle } from './OrderTitle';
import classes from './lever.module.css';

export function PositionCard({
  order,
  pricePrecision: pp,
  onTpSl,
  onClose,
  closing,
}: {
  order: LeverOrder;
  pricePrecision: number;
  onTpSl: (order: LeverOrder) => void;
  onClose: (order: LeverOrder) => void;
  closing: boolean;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const last = useTicker(order.symbol)?.last;
  const flash = usePriceFlash<HTMLSpanElement>(last);
  const pnl = unrealizedPnl(order, last);
  const pct = pnl ? pnlPercent(pnl, order.margin) : null;
  const cell = (key: string, label: string, value: string) => (
    <div>
      <span className={classes.label}>{label}</span>
      <span className={classes.value} data-testid={`position-${key}`}>
        {value}
      </span>
    </div>
  );
  return (
    <article className={classes.card} data-testid="position-row" data-id={order.id} data-symbol={order.symbol} data-side={order.side}>
      <div className={classes.cardHeader}>
        <OrderTitle order={order} />
        <div className={classes.pnlBlock}>
          <div className={`${classes.big} ${pnl ? toneOf(pnl.toFixed()) : ''}`} data-testid="position-pnl" data-value={pnl?.toFixed() ?? ''}>
            {pnl ? signedUsdt(pnl, locale) : '--'}
          </div>
          <Text size="xs" className={pct ? toneOf(pct) : undefined} data-testid="position-pnl-percent">
            {pct !== null ? formatPercent(pct, locale) : '--'}
          </Text>
        </div>
      </div>
      <div className={classes.grid}>
        {cell('lots', t('lever.lots'), formatExact(order.lots, locale))}
        {cell('margin', t('lever.margin'), usdt(order.margin, locale))}
        {cell('quantity', t('lever.quantity'), quantityText(order.quantity, order.symbol, locale))}
        {cell('open-price', t('lever.openPrice'), priceText(order.openPrice, pp, locale))}
        <div>
          <span className={classes.label}>{t('lever.currentPrice')}</span>
          <span className={classes.value} ref={flash} data-testid="position-current-price" data-price={last}>
            {priceText(last, pp, locale)}
          </span>
        </div>
        {cell('overnight-fee', t('lever.overnightFee'), usdtExact(order.overnightFee, locale))}
        {cell('take-profit', t('lever.takeProfit'), priceText(order.takeProfit, pp, locale))}
        {cell('stop-loss', t('lever.stopLoss'), priceText(order.stopLoss, pp, locale))}
        {cell('open-time', t('lever.openTime'), formatDate(order.openedAt ?? order.time, 'dateTime', locale))}
      </div>
      <div className={classes.actions}>
        <Button size="compact-sm" variant="light" onClick={() => onTpSl(order)} classNames={WRAP} data-testid="position-tpsl">
          {t('lever.tpsl')}
        </Button>
        <Button size="compact-sm" variant="light" color="red" onClick={() => onClose(order)} loading={closing} classNames={WRAP} data-testid="position-close">
          {t('lever.close')}
        </Button>
      </div>
    </article>
  );
}
