/**
 * The take-profit / stop-loss sheet of a position or delegation: both optional (an empty field
 * removes that trigger), checked against the reference price (a position's last price, a
 * delegation's price) by forms/tpSlForm before sending; the server's refusals show inline.
 */
import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { toast } from '../../../ui/toast';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useTicker } from '../../../api/market';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { AmountInput } from '../../../ui/AmountInput';
import { useSubmitGuard } from '../../../ui/useSubmitGuard';
import { useSetLeverTpSl } from '../api';
import type { LeverOrder } from '../forms/leverMath';
import { initialTpSl, tpSlForm } from '../forms/tpSlForm';
import { priceMoney } from './display';
import { hasErrors } from '../../../lib/form';
import { useForm } from '../../../lib/useForm';
import { useMessage } from '../../../i18n/useMessage';
import { WRAP } from '../../../ui/wrap';
import { useLazySheet } from '../../../ui/useLazySheet';

export function TpSlSheet({ order, pricePrecision, onClose }: { order: LeverOrder | null; pricePrecision: number; onClose: () => void }) {
  const { t } = useTranslation();
  const sheet = useLazySheet(order !== null);
  if (!sheet.mount) return null;
  return (
    <Drawer opened={sheet.opened} onClose={onClose} position="bottom" size="auto" radius="lg" title={t('lever.tpslTitle')} data-testid="lever-tpsl-sheet">
      {order && <TpSlForm key={order.id} order={order} pricePrecision={pricePrecision} onDone={onClose} />}
    </Drawer>
  );
}

function TpSlForm({ order, pricePrecision, onDone }: { order: LeverOrder; pricePrecision: number; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const say = useMessage();
  const last = useTicker(order.symbol)?.last;
  const save = useSetLeverTpSl();
  const guard = useSubmitGuard();
  // The triggers, their checks and the request live in forms/tpSlForm.
  const { state: form, summary, dispatch, errors } = useForm(tpSlForm, () => initialTpSl(order), { order, last, pricePrecision });
  const { reference } = summary;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const checked = errors();
    dispatch({ type: 'check', errors: checked });
    if (hasErrors(checked) || !summary.request || !guard.begin()) return;
    save.mutate(summary.request, {
      onSuccess: () => {
        toast.success(t('lever.tpslSaved'));
        onDone();
      },
      onError: (err) => {
        if (err instanceof ApiError) dispatch({ type: 'refused', code: err.details.code, text: err.message });
      },
      onSettled: () => guard.end(),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {order.status === 'delegating' ? t('lever.price') : t('lever.currentPrice')}
          </Text>
          <Text size="sm" fw={500} data-testid="tpsl-reference">
            {reference ? priceMoney(reference, pricePrecision, locale) : '--'}
          </Text>
        </Group>
        <AmountInput
          label={t('lever.takeProfit')}
          description={t(order.side === 'long' ? 'lever.tpHintLong' : 'lever.tpHintShort')}
          placeholder={t('lever.optional')}
          value={form.takeProfit}
          onValueChange={(v) => dispatch({ type: 'edit', field: 'takeProfit', value: v })}
          error={say(form.errors.takeProfit)}
          data-testid="tpsl-tp-input"
        />
        <AmountInput
          label={t('lever.stopLoss')}
          description={t(order.side === 'long' ? 'lever.slHintLong' : 'lever.slHintShort')}
          placeholder={t('lever.optional')}
          value={form.stopLoss}
          onValueChange={(v) => dispatch({ type: 'edit', field: 'stopLoss', value: v })}
          error={say(form.errors.stopLoss)}
          data-testid="tpsl-sl-input"
        />
        <Text size="xs" c="dimmed">
          {t('lever.tpslEmptyRemoves')}
        </Text>
        <Button type="submit" loading={save.isPending} classNames={WRAP} data-testid="tpsl-save">
          {t('lever.save')}
        </Button>
      </Stack>
    </form>
  );
}
