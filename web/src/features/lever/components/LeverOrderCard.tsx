/**
 * A delegation (waiting for its price: cancellable, its triggers editable) or a finished order
 * (closed: open and close price, realized P/L, fees, overnight fees, why it closed, and whether it
 * was a part closed from a position; or cancelled).
 */
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatDate, formatExact } from '../../../lib/format';
import { Big } from '../../../lib/decimal';
import { toneOf } from '../../../ui/market/tone';
import type { LeverOrder } from '../forms/leverMath';
import { priceText, quantityText, signedUsdt, usdt, usdtFee } from './display';
import { WRAP } from '../../../ui/wrap';
import { OrderTitle } from './OrderTitle';
import classes from './lever.module.css';

export function LeverOrderCard({
  order,
  pricePrecision: pp,
  onCancel,
  onTpSl,
  cancelling,
}: {
  order: LeverOrder;
  pricePrecision: number;
  onCancel?: (order: LeverOrder) => void;
  onTpSl?: (order: LeverOrder) => void;
  cancelling?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const cell = (key: string, label: string, value: string) => (
    <div key={key}>
      <span className={classes.label}>{label}</span>
      <span className={classes.value} data-testid={`order-${key}`}>
        {value}
      </span>
    </div>
  );
  const delegating = order.status === 'delegating';
  const closed = order.status === 'closed';
  const status = closed && order.closeReason ? t(`lever.closeReason.${order.closeReason}`) : t(`lever.status.${order.status}`);
  const fees = new Big(order.openFee).plus(order.closeFee);
  return (
    <article className={classes.card} data-testid="lever-order-row" data-id={order.id} data-status={order.status} data-reason={order.closeReason ?? ''}>
      <div className={classes.cardHeader}>
        <OrderTitle order={order} />
        <Text size="xs" c={closed ? undefined : 'dimmed'} fw={500} data-testid="order-status">
          {status}
        </Text>
      </div>
      {order.closedFrom && (
        <Text size="xs" c="dimmed" data-testid="order-part">
          {t('lever.partOfPosition')}
        </Text>
      )}
      {closed && order.realizedPnl !== undefined && (
        <div>
          <Text span size="xs" c="dimmed">
            {t('lever.realizedPnl')}{' '}
          </Text>
          <span className={`${classes.big} ${toneOf(order.realizedPnl)}`} data-testid="order-realized-pnl" data-value={order.realizedPnl}>
            {signedUsdt(order.realizedPnl, locale)}
          </span>
        </div>
      )}
      <div className={classes.grid}>
        {delegating || order.status === 'cancelled'
          ? [
              cell('price', t('lever.price'), priceText(order.price, pp, locale)),
              cell('lots', t('lever.lots'), formatExact(order.lots, locale)),
              cell('quantity', t('lever.quantity'), quantityText(order.quantity, order.symbol, locale)),
              cell('margin', t('lever.margin'), usdt(order.margin, locale)),
              cell('open-fee', t('lever.fee'), usdtFee(order.openFee, locale)),
              cell('take-profit', t('lever.takeProfit'), priceText(order.takeProfit, pp, locale)),
              cell('stop-loss', t('lever.stopLoss'), priceText(order.stopLoss, pp, locale)),
              cell('time', t('lever.time'), formatDate(order.time, 'dateTime', locale)),
              ...(order.closedAt ? [cell('closed-at', t('lever.cancelTime'), formatDate(order.closedAt, 'dateTime', locale))] : []),
            ]
          : [
              cell('lots', t('lever.lots'), formatExact(order.lots, locale)),
              cell('open-price', t('lever.openPrice'), priceText(order.openPrice, pp, locale)),
              cell('close-price', t('lever.closePrice'), priceText(order.closePrice, pp, locale)),
              cell('margin', t('lever.margin'), usdt(order.margin, locale)),
              cell('fees', t('lever.fees'), usdtFee(fees, locale)),
              cell('overnight-fee', t('lever.overnightFee'), usdtFee(order.overnightFee, locale)),
              cell('quantity', t('lever.quantity'), quantityText(order.quantity, order.symbol, locale)),
              cell('open-time', t('lever.openTime'), order.openedAt ? formatDate(order.openedAt, 'dateTime', locale) : '--'),
              cell('close-time', t('lever.closeTime'), order.closedAt ? formatDate(order.closedAt, 'dateTime', locale) : '--'),
            ]}
      </div>
      {delegating && (onCancel || onTpSl) && (
        <div className={classes.actions}>
          {onTpSl && (
            <Button size="compact-sm" variant="light" onClick={() => onTpSl(order)} classNames={WRAP} data-testid="order-tpsl">
              {t('lever.tpsl')}
            </Button>
          )}
          {onCancel && (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              onClick={() => onCancel(order)}
              loading={cancelling}
              classNames={WRAP}
              data-testid="order-cancel"
            >
              {t('lever.cancel')}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
