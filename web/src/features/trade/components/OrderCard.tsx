/** One of the user's orders: pair, side, type, price, quantity, filled, amount, average, fee, time, status. */
import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { Big } from '../../../lib/decimal';
import { useMarketInfo } from '../../../api/market';
import type { Order } from '../api';
import classes from './trade.module.css';
import { formatAmount, formatDate, formatMoney } from '../../../lib/format';

/** "pending", "completed", "cancelled", or "filled 40 %" for a partly filled open order. */
function orderStatusText(order: Order, t: (k: string, o?: Record<string, unknown>) => string): string {
  const filled = new Big(order.filled);
  const quantity = new Big(order.quantity);
  if (order.status === 'pending' && filled.gt(0) && quantity.gt(0)) {
    return t('trade.status.partial', { percent: filled.div(quantity).times(100).round(0, Big.roundDown).toFixed() });
  }
  return t(`trade.status.${order.status}`);
}

export function OrderCard({
  order,
  onCancel,
  cancelling,
  onOpen,
}: {
  order: Order;
  onCancel?: (order: Order) => void;
  cancelling?: boolean;
  /** Opens the order's detail (fills, fee, how the numbers add up). */
  onOpen?: (order: Order) => void;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const places = (v: string) => (v.includes('.') ? v.split('.')[1].length : 0);
  const quotePlaces = useMarketInfo(order.symbol)?.quotePrecision ?? 2;
  const amount = order.type === 'limit' && order.price ? new Big(order.price).times(order.quantity) : new Big(order.filledAmount);
  const cell = (label: string, value: string, testId?: string) => (
    <div>
      <span>{label}</span>
      <span data-testid={testId}>{value}</span>
    </div>
  );
  return (
    <div className={classes.orderCard} data-testid="order-row" data-id={order.id} data-status={order.status}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <Badge color={order.side === 'buy' ? 'var(--app-up)' : 'var(--app-down)'} variant="light" radius="sm">
            {t(`trade.side.${order.side}`)}
          </Badge>
          <Text fw={600} size="sm">
            {order.symbol}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`trade.type.${order.type}`)}
          </Text>
        </Group>
        {onCancel && order.status === 'pending' ? (
          <Button size="compact-xs" variant="light" onClick={() => onCancel(order)} loading={cancelling} data-testid="order-cancel">
            {t('trade.cancel')}
          </Button>
        ) : (
          <Text size="xs" c={order.status === 'completed' ? 'teal' : 'dimmed'} data-testid="order-status">
            {orderStatusText(order, t)}
          </Text>
        )}
      </Group>
      <div className={classes.orderGrid}>
        {cell(t('trade.price'), order.price ? formatAmount(order.price, places(order.price), locale) : t('trade.marketPrice'), 'order-price')}
        {cell(t('trade.quantity'), formatAmount(order.quantity, places(order.quantity), locale), 'order-quantity')}
        {cell(t('trade.filled'), formatAmount(order.filled, places(order.filled), locale), 'order-filled')}
        {cell(t('trade.amount'), formatAmount(amount, quotePlaces, locale))}
        {cell(t('trade.avgPrice'), order.avgPrice ? formatAmount(order.avgPrice, places(order.avgPrice), locale) : '--')}
        {cell(t('trade.fee'), formatMoney(order.fee, places(order.fee), order.feeCoin, locale))}
        {cell(t('trade.time'), formatDate(order.time, 'dateTime', locale))}
        {order.status === 'pending' && onCancel ? cell(t('trade.statusLabel'), orderStatusText(order, t), 'order-status') : null}
      </div>
      {onOpen && (
        <Group justify="flex-end" mt={4}>
          <Button size="compact-xs" variant="subtle" onClick={() => onOpen(order)} data-testid="order-details">
            {t('trade.detail.show')}
          </Button>
        </Group>
      )}
    </div>
  );
}
