/**
 * The funds hint's transfer sheet (funds → exchange, without leaving the order form), prefilled
 * with what the order is missing. Its own chunk, loaded when first opened (`lazy` in FundsHint);
 * it renders closed once, then open, so it slides in on the first tap as on the next ones.
 */
import { Button, Drawer, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { checkAmount, maxAmount, wireAmount } from '../../../lib/amount';
import type { Big } from '../../../lib/decimal';
import { formatMoney, isolateAmounts } from '../../../lib/format';
import { AmountInput } from '../../../ui/AmountInput';
import { toast } from '../../../ui/toast';
import { useLazySheet } from '../../../ui/useLazySheet';
import { useTransferIn } from '../api';

/** A bottom sheet as tall as its content, at most nearly the screen. */
const SHEET = { content: { height: 'auto', maxHeight: '92dvh' } };

interface TransferProps {
  coin: string;
  /** The coin's places (what may be typed). */
  places: number;
  /** The places the amounts are shown with. */
  shownPlaces: number;
  funds: Big;
  initial: string;
}

export default function FundsTransferSheet({ opened, onClose, ...form }: TransferProps & { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const sheet = useLazySheet(opened);
  return (
    <Drawer opened={sheet.opened} onClose={onClose} position="bottom" size="auto" radius="lg" styles={SHEET} title={t('trade.transferTitle')}>
      {opened && <TransferForm {...form} onDone={onClose} />}
    </Drawer>
  );
}

function TransferForm({ coin, places, shownPlaces, funds, initial, onDone }: TransferProps & { onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const transfer = useTransferIn();
  const [amount, setAmount] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (transfer.isPending) return;
    const parsed = checkAmount(amount, places);
    if (parsed.problem) {
      return setError(parsed.problem === 'required' ? t('trade.errors.amountRequired') : t(`trade.errors.${parsed.problem}`, { places }));
    }
    if (parsed.amount.gt(funds)) return setError(t('trade.errors.insufficient'));
    transfer.mutate(
      { coin, amount: wireAmount(parsed.amount) },
      {
        onSuccess: () => {
          toast.success(t('trade.transferDone'));
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate data-testid="transfer-sheet">
      <Stack gap="sm" pb="md">
        <Text size="sm" c="dimmed">
          {t('trade.transferRoute')}
        </Text>
        <AmountInput
          label={t('trade.transferAmount')}
          value={amount}
          onValueChange={(v) => {
            setAmount(v);
            setError(null);
          }}
          unit={coin}
          onMax={() => {
            setAmount(wireAmount(maxAmount(funds, places)));
            setError(null);
          }}
          error={error}
          data-testid="transfer-sheet-amount"
        />
        <Text size="xs" c="dimmed" mt={-6}>
          {isolateAmounts(t('trade.transferAvailable', { amount: formatMoney(funds, shownPlaces, coin, locale) }))}
        </Text>
        <Button type="submit" loading={transfer.isPending} data-testid="transfer-sheet-submit">
          {t('trade.transferSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
