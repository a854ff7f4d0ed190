/**
 * Where the money is: when the exchange account cannot pay for the order (nothing available, or
 * less than what is typed) while the funds account holds the coin, one line on the order form says
 * so ("You have 10,000.00 USDT in your funds account") with a Transfer action that opens a sheet
 * moving it funds → exchange without leaving the form, prefilled with what is missing.
 */
import { Button, Drawer, Stack, Text } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoinPrecision } from '../../../api/coins';
import { balanceOf, useWallet } from '../../../api/wallet';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { checkAmount, maxAmount, wireAmount } from '../../../lib/amount';
import { Big } from '../../../lib/decimal';
import { formatMoney, isolateAmounts } from '../../../lib/format';
import { AmountInput } from '../../../ui/AmountInput';
import { toast } from '../../../ui/toast';
import { useTransferIn } from '../api';
import { useLazySheet } from '../../../ui/useLazySheet';

/** A bottom sheet as tall as its content, at most nearly the screen. */
const SHEET = { content: { height: 'auto', maxHeight: '92dvh' } };

/** `fallback` shows instead when there is nothing to say (no coin waiting in the funds account). */
export function FundsHint({ coin, precision, needed, fallback }: { coin: string; precision: number; needed: Big | null; fallback: ReactNode }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const { data: wallet } = useWallet();
  const coinPrecision = useCoinPrecision()(coin);
  const [open, setOpen] = useState(false);
  const sheet = useLazySheet(open);
  if (!wallet) return fallback;
  const exchange = new Big(balanceOf(wallet, 'exchange', coin)?.available ?? '0');
  const funds = new Big(balanceOf(wallet, 'funds', coin)?.available ?? '0');
  const short = needed && needed.gt(exchange) ? needed.minus(exchange) : null;
  if (funds.lte(0) || !(exchange.lte(0) || short)) return fallback;
  // What is missing, rounded up to the coin's places, but never more than the funds hold.
  const places = coinPrecision ?? precision;
  const missing = short ? short.round(places, Big.roundUp) : null;
  const prefill = missing ? (missing.gt(funds) ? maxAmount(funds, places) : missing) : null;
  return (
    <>
      {/* Text above its action: the form's column is narrow, and a button beside it squeezes the sentence into four lines. */}
      <Stack gap={4} align="flex-start" data-testid="funds-hint">
        <Text size="xs" c="dimmed" data-testid="funds-hint-text">
          {isolateAmounts(t('trade.fundsHint', { amount: formatMoney(funds, precision, coin, locale) }))}
        </Text>
        <Button size="compact-xs" variant="light" onClick={() => setOpen(true)} data-testid="funds-hint-transfer">
          {t('trade.transfer')}
        </Button>
      </Stack>
      {sheet.mount && (
        <Drawer opened={sheet.opened} onClose={() => setOpen(false)} position="bottom" size="auto" radius="lg" styles={SHEET} title={t('trade.transferTitle')}>
          {open && (
            <TransferForm
              coin={coin}
              places={places}
              shownPlaces={precision}
              funds={funds}
              initial={prefill ? wireAmount(prefill) : ''}
              onDone={() => setOpen(false)}
            />
          )}
        </Drawer>
      )}
    </>
  );
}

function TransferForm({
  coin,
  places,
  shownPlaces,
  funds,
  initial,
  onDone,
}: {
  coin: string;
  places: number;
  shownPlaces: number;
  funds: Big;
  initial: string;
  onDone: () => void;
}) {
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
