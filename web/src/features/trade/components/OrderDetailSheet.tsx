/**
 * An order's detail (a bottom sheet opened by tapping an order): its terms, the fills (filled,
 * average price, filled value, fee) and how the numbers add up, exact at their scale
 * (forms/orderDetail): reserved = spent + returned in the coin paid, filled − fee = received in the
 * coin bought, and why a balance, shown truncated at fewer places, can seem a cent off.
 */
import { Badge, Drawer, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMarketInfo } from '../../../api/market';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatDate, formatMoney } from '../../../lib/format';
import panel from '../../../ui/panel.module.css';
import { useLazySheet } from '../../../ui/useLazySheet';
import type { Order } from '../api';
import { orderBreakdown, type CoinAmount } from '../forms/orderDetail';

/** A bottom sheet as tall as its content, at most nearly the screen. */
const SHEET = { content: { height: 'auto', maxHeight: '92dvh' } };

export function OrderDetailSheet({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t } = useTranslation();
  const sheet = useLazySheet(order !== null);
  if (!sheet.mount) return null;
  return (
    <Drawer opened={sheet.opened} onClose={onClose} position="bottom" size="auto" radius="lg" styles={SHEET} title={t('trade.detail.title')}>
      {order && <OrderDetail order={order} />}
    </Drawer>
  );
}

function OrderDetail({ order }: { order: Order }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const rules = useMarketInfo(order.symbol);
  if (!rules) return null;
  const b = orderBreakdown(order, rules);
  const money = (a: CoinAmount, minus = false) => formatMoney(minus ? a.amount.neg() : a.amount, a.places, a.coin, locale);
  const fact = (label: string, value: string, testId?: string) => (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </>
  );
  const buy = order.side === 'buy';
  const closed = order.status !== 'pending';
  return (
    <Stack gap="md" pb="md" data-testid="order-detail">
      <Group gap={6} wrap="nowrap">
        <Badge color={buy ? 'var(--app-up)' : 'var(--app-down)'} variant="light" radius="sm">
          {t(`trade.side.${order.side}`)}
        </Badge>
        <Text fw={600}>{order.symbol}</Text>
        <Text size="sm" c="dimmed">
          {t(`trade.type.${order.type}`)} · {t(`trade.status.${order.status}`)}
        </Text>
      </Group>
      <dl className={panel.facts}>
        {fact(t('trade.time'), formatDate(order.time, 'dateTime', locale))}
        {fact(t('trade.price'), order.price ? formatMoney(order.price, rules.pricePrecision, rules.quote, locale) : t('trade.marketPrice'))}
        {order.quoteAmount
          ? fact(t('trade.detail.orderedAmount'), formatMoney(order.quoteAmount, rules.quotePrecision, rules.quote, locale))
          : fact(t('trade.quantity'), formatMoney(order.quantity, rules.amountPrecision, rules.base, locale))}
        {fact(t('trade.filled'), formatMoney(order.filled, rules.amountPrecision, rules.base, locale), 'detail-filled')}
        {fact(t('trade.avgPrice'), order.avgPrice ? formatMoney(order.avgPrice, rules.pricePrecision, rules.quote, locale) : '--', 'detail-avg-price')}
        {fact(t('trade.detail.filledValue'), formatMoney(order.filledAmount, rules.settlementPrecision, rules.quote, locale), 'detail-filled-value')}
        {fact(t('trade.fee'), money(b.fee), 'detail-fee')}
      </dl>

      <div className={panel.card} data-testid="order-reconcile">
        <Text size="sm" fw={600}>
          {t('trade.detail.addsUp')}
        </Text>
        {/* What was paid: reserved on placement = spent by the fills + returned once closed. */}
        <dl className={panel.facts}>
          {b.reserved && fact(t('trade.detail.reserved'), money(b.reserved), 'detail-reserved')}
          {fact(t(buy ? 'trade.detail.spent' : 'trade.detail.sold'), money(b.spent, true), 'detail-spent')}
          {b.returned && fact(t('trade.detail.returned'), money(b.returned), 'detail-returned')}
        </dl>
        {b.returned && b.returned.amount.gt(0) && (
          <Text size="xs" c="dimmed" data-testid="detail-returned-why">
            {t(
              order.status === 'cancelled'
                ? 'trade.detail.returnedCancelled'
                : buy && order.type === 'market'
                  ? 'trade.detail.returnedMarket'
                  : 'trade.detail.returnedLimit',
            )}
          </Text>
        )}
        {/* What was received: the fills, less the fee. */}
        <dl className={panel.facts}>
          {fact(t(buy ? 'trade.detail.bought' : 'trade.detail.proceeds'), money(b.gross), 'detail-gross')}
          {fact(t('trade.fee'), money(b.fee, true), 'detail-fee-minus')}
          {fact(t('trade.detail.received'), money(b.received), 'detail-received')}
        </dl>
        <Text size="xs" c="dimmed">
          {closed ? t('trade.detail.truncation') : t('trade.detail.openNote')}
        </Text>
      </div>
    </Stack>
  );
}
