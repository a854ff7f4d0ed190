/**
 * The take-profit / stop-loss sheet of a position or delegation: both optional (an empty field
 * removes that trigger), checked against the reference price (a position's last price, a
 * delegation's price) by forms/leverForm before sending; the server's refusals show inline.
 */
import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useTicker } from '../../../api/market';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { AmountInput } from '../../../ui/AmountInput';
import { useSubmitGuard } from '../../../ui/useSubmitGuard';
import { useSetLeverTpSl } from '../api';
import { fieldOfCode, triggerReference, validateTpSl, type FormErrors, type LeverOrder } from '../forms/leverForm';
import { priceMoney } from './display';
import { localParams } from '../../../lib/format';
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

function TpSlForm({ order, pricePrecision: pp, onDone }: { order: LeverOrder; pricePrecision: number; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const last = useTicker(order.symbol)?.last;
  const save = useSetLeverTpSl();
  const guard = useSubmitGuard();
  const [form, setForm] = useState({ takeProfit: order.takeProfit ?? '', stopLoss: order.stopLoss ?? '' });
  const [errors, setErrors] = useState<FormErrors>({});
  const [apiError, setApiError] = useState<{ field: string; message: string } | null>(null);
  const reference = triggerReference(order, last);
  const error = (field: 'takeProfit' | 'stopLoss') => {
    const e = errors[field];
    if (e) return t(e.key, localParams(e.params, locale));
    return apiError?.field === field ? apiError.message : undefined;
  };
  const change = (field: 'takeProfit' | 'stopLoss', value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors({});
    setApiError(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const checked = validateTpSl(form, order, reference, pp);
    setErrors(checked.errors ?? {});
    if (!checked.request || !guard.begin()) return;
    save.mutate(checked.request, {
      onSuccess: () => {
        toast.success(t('lever.tpslSaved'));
        onDone();
      },
      onError: (err) => {
        const field = err instanceof ApiError ? fieldOfCode(err.details.code) : null;
        if (field) setApiError({ field, message: err.message });
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
            {reference ? priceMoney(reference, pp, locale) : '--'}
          </Text>
        </Group>
        <AmountInput
          label={t('lever.takeProfit')}
          description={t(order.side === 'long' ? 'lever.tpHintLong' : 'lever.tpHintShort')}
          placeholder={t('lever.optional')}
          value={form.takeProfit}
          onValueChange={(v) => change('takeProfit', v)}
          error={error('takeProfit')}
          data-testid="tpsl-tp-input"
        />
        <AmountInput
          label={t('lever.stopLoss')}
          description={t(order.side === 'long' ? 'lever.slHintLong' : 'lever.slHintShort')}
          placeholder={t('lever.optional')}
          value={form.stopLoss}
          onValueChange={(v) => change('stopLoss', v)}
          error={error('stopLoss')}
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
