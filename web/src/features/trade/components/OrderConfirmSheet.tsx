/**
 * The confirmation sheet before an order is sent: the summary built by forms/orderForm (pair,
 * side, type, price, quantity, total, the fee as the server will charge it), rendered and
 * translated here. Cancel closes it; Confirm sends the order once.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatMoney, formatRate } from '../../../lib/format';
import type { MarketInfo } from '../../../api/market';
import type { OrderSummary } from '../forms/orderForm';
import { SIDE_COLOR } from './sideColor';
import { useLazySheet } from '../../../ui/useLazySheet';

export function OrderConfirmSheet({
  review,
  market,
  pending,
  onClose,
  onConfirm,
}: {
  review: OrderSummary | null;
  market: MarketInfo;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const sheet = useLazySheet(review !== null);
  const { symbol, base, quote, pricePrecision, amountPrecision, quotePrecision, settlementPrecision } = market;
  const rows = (r: OrderSummary) =>
    [
      [t('trade.pair'), symbol],
      [t('trade.sideLabel'), t(`trade.side.${r.side}`)],
      [t('trade.typeLabel'), t(`trade.type.${r.kind}`)],
      [t('trade.price'), r.price ? formatMoney(r.price, pricePrecision, quote, locale) : t('trade.marketPrice')],
      [t('trade.quantity'), r.quantity ? formatMoney(r.quantity, amountPrecision, base, locale) : '--'],
      [t('trade.amount'), r.total ? formatMoney(r.total, quotePrecision, quote, locale) : t('trade.marketPrice')],
      // As the server charges it (a buy's in base, a sell's in quote at the settlement places); a
      // market order's fee depends on its fill, so only the rate is shown.
      [
        t('trade.feeEstimate'),
        r.fee
          ? formatMoney(r.fee.amount, r.side === 'buy' ? amountPrecision : settlementPrecision, r.fee.coin, locale)
          : r.feeRate !== undefined
            ? formatRate(r.feeRate, locale)
            : '--',
      ],
    ] as const;
  if (!sheet.mount) return null;
  return (
    <Modal opened={sheet.opened} onClose={() => !pending && onClose()} title={t('trade.confirmTitle')} centered radius="lg" data-testid="order-confirm">
      {review && (
        <Stack gap={8}>
          {rows(review).map(([label, value]) => (
            <Group key={label} justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {label}
              </Text>
              <Text size="sm" fw={500} ta="end">
                {value}
              </Text>
            </Group>
          ))}
          <Group grow mt="md">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('common.back')}
            </Button>
            <Button color={SIDE_COLOR[review.side]} onClick={onConfirm} loading={pending} data-testid="order-confirm-submit">
              {t('dialog.placeOrder')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
