/**
 * The confirmation sheet before a position is opened or a delegation placed: the summary built by
 * forms/leverSummary (symbol, direction, type, price, lots, multiple, quantity, margin, fee, triggers,
 * estimated liquidation price), rendered and translated here, with the risk in one line. Cancel
 * closes it; Confirm sends the order once (disabled while it is under way).
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import type { LeverTerms } from '../forms/leverMath';
import type { LeverSummary } from '../forms/leverSummary';
import { priceMoney, quantityText, ratePercentText, usdt, usdtFee } from './display';
import { formatExact, isolate } from '../../../lib/format';
import { SIDE_COLOR } from './sideColor';
import { WRAP } from '../../../ui/wrap';
import { useLazySheet } from '../../../ui/useLazySheet';
import classes from './lever.module.css';

export function LeverConfirmSheet({
  review,
  terms,
  pending,
  onClose,
  onConfirm,
}: {
  review: LeverSummary | null;
  terms: LeverTerms;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const sheet = useLazySheet(review !== null);
  const pp = terms.pricePrecision;
  const rows = (r: LeverSummary) =>
    [
      ['symbol', t('lever.symbol'), terms.symbol],
      ['side', t('lever.sideLabel'), t(`lever.side.${r.side}`)],
      ['type', t('lever.typeLabel'), t(`lever.type.${r.kind}`)],
      ['price', r.kind === 'limit' ? t('lever.price') : t('lever.marketPriceNow'), priceMoney(r.openPrice, pp, locale)],
      ['lots', t('lever.lots'), formatExact(r.lots, locale)],
      ['multiple', t('lever.multiple'), isolate(t('lever.multipleValue', { multiple: r.multiple }))],
      ['quantity', t('lever.quantity'), quantityText(r.quantity, terms.symbol, locale)],
      ['margin', t('lever.margin'), usdt(r.margin, locale)],
      ['fee', t('lever.feeWithRate', { rate: ratePercentText(terms.feeRate, locale) }), usdtFee(r.fee, locale)],
      ['takeProfit', t('lever.takeProfit'), r.takeProfit ? priceMoney(r.takeProfit, pp, locale) : t('lever.none')],
      ['stopLoss', t('lever.stopLoss'), r.stopLoss ? priceMoney(r.stopLoss, pp, locale) : t('lever.none')],
      ['liquidation', t('lever.liquidationPrice'), r.liquidationPrice ? priceMoney(r.liquidationPrice, pp, locale) : '--'],
    ] as const;
  if (!sheet.mount) return null;
  return (
    <Modal opened={sheet.opened} onClose={() => !pending && onClose()} title={t('lever.confirmTitle')} centered radius="lg" data-testid="lever-confirm">
      {review && (
        <Stack gap={10}>
          <dl className={classes.facts}>
            {rows(review).map(([key, label, value]) => (
              <div key={key} style={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd data-testid={`confirm-${key}`}>{value}</dd>
              </div>
            ))}
          </dl>
          {review.kind === 'market' && (
            <Text size="xs" c="dimmed">
              {t('lever.marketNote')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('lever.riskReminder')}
          </Text>
          <Group grow mt="xs" align="stretch">
            <Button variant="default" onClick={onClose} disabled={pending} classNames={WRAP}>
              {t('common.back')}
            </Button>
            <Button
              color={SIDE_COLOR[review.side]}
              onClick={onConfirm}
              loading={pending}
              disabled={pending}
              classNames={WRAP}
              data-testid="lever-confirm-submit"
            >
              {t(review.kind === 'market' ? 'dialog.openPosition' : 'dialog.placeDelegation')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
