/**
 * Flash exchange: coin to coin from the funds account at a firm quote that holds for a few
 * seconds (countdown; re-quote when it runs out), fee shown, settled through the ledger.
 */
import { ActionIcon, Alert, Button, Group, NativeSelect, Progress, Stack, Text } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../../../contracts/generated/openapi';
import { ApiError } from '../../../api/client';
import { ExchangeIcon } from '../../../ui/icons';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { balanceOf, useWallet } from '../../../api/wallet';
import { useCoins, useFlashExchange, useFlashQuote } from '../api';
import { checkAmount } from '../../../lib/amount';
import { AmountField } from '../../../ui/AmountInput';
import { useCoinFormat, useCoinMoney } from '../format';
import { formatExact, formatRate, isolate, isolateAmounts } from '../../../lib/format';
import { useIntlLocale } from '../../../i18n/useIntlLocale';

type Quote = components['schemas']['FlashQuote'];

/** Seconds left of a quote, counted on this device from when it arrived. */
function useSecondsLeft(quote: { validSeconds: number; receivedAt: number } | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!quote) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [quote]);
  if (!quote) return 0;
  return Math.max(0, Math.ceil((quote.receivedAt + quote.validSeconds * 1000 - now) / 1000));
}

export default function FlashExchangePage() {
  const { t } = useTranslation();
  const { data: wallet } = useWallet();
  const { data: coins } = useCoins();
  const format = useCoinFormat();
  const money = useCoinMoney();
  const locale = useIntlLocale();
  const quoteMutation = useFlashQuote();
  const exchange = useFlashExchange();
  const [from, setFrom] = useState('BTC');
  const [to, setTo] = useState('USDT');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [quote, setQuote] = useState<(Quote & { receivedAt: number }) | null>(null);
  const left = useSecondsLeft(quote);
  const expired = quote !== null && left === 0;

  if (!wallet || !coins) return <PageSkeleton variant="form" rows={3} />;
  const fromInfo = coins.find((c) => c.coin === from)!;
  const available = balanceOf(wallet, 'funds', from)?.available ?? '0';

  const reset = () => {
    setQuote(null);
    setError(null);
  };

  const requestQuote = () => {
    if (quoteMutation.isPending) return;
    const parsed = checkAmount(amount, fromInfo.precision);
    if (parsed.problem) {
      return setError(
        parsed.problem === 'required'
          ? t('transfer.amountRequired')
          : t(`funds.amountProblem.${parsed.problem}`, { coin: from, precision: fromInfo.precision }),
      );
    }
    if (parsed.amount.gt(available)) return setError(t('transfer.insufficient'));
    setError(null);
    quoteMutation.mutate({ from, to, amount }, { onSuccess: (q) => setQuote({ ...q, receivedAt: Date.now() }) });
  };

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (!quote || expired) return requestQuote();
    if (exchange.isPending) return;
    exchange.mutate(
      { quoteId: quote.id },
      {
        onSuccess: (record) => {
          toast.success(isolateAmounts(t('flash.done', { amount: format(record.toAmount ?? '0', to), coin: to })));
          setAmount('');
          reset();
        },
        onError: (err) => {
          // The server's clock decides: a quote it considers expired is replaced at once.
          if (err instanceof ApiError && err.details.code === 'quote_expired') requestQuote();
        },
      },
    );
  };

  const coinOptions = coins.map((c) => c.coin);
  return (
    <form onSubmit={confirm} noValidate style={{ padding: 16 }}>
      <Stack gap="md">
        <Group align="end" wrap="nowrap" gap={8}>
          <NativeSelect
            style={{ flex: 1 }}
            label={t('flash.from')}
            value={from}
            onChange={(e) => {
              const v = e.currentTarget.value;
              if (v === to) setTo(from);
              setFrom(v);
              reset();
            }}
            data={coinOptions}
            data-testid="flash-from"
          />
          <ActionIcon
            variant="light"
            size="lg"
            radius="xl"
            mb={2}
            aria-label={t('flash.swap')}
            onClick={() => {
              setFrom(to);
              setTo(from);
              setAmount('');
              reset();
            }}
            data-testid="flash-swap"
          >
            <ExchangeIcon width={18} />
          </ActionIcon>
          <NativeSelect
            style={{ flex: 1 }}
            label={t('flash.to')}
            value={to}
            onChange={(e) => {
              const v = e.currentTarget.value;
              if (v === from) setFrom(to);
              setTo(v);
              reset();
            }}
            data={coinOptions}
            data-testid="flash-to"
          />
        </Group>
        <AmountField
          label={t('flash.amount')}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            reset();
          }}
          precision={fromInfo.precision}
          max={available}
          suffix={from}
          error={error}
        />
        <Text size="sm" c="dimmed">
          {isolateAmounts(t('flash.available', { amount: format(available, from), coin: from }))}
        </Text>

        {quote && (
          <Alert color={expired ? 'orange' : 'blue'} variant="light" data-testid="flash-quote">
            <Stack gap={4}>
              <Text size="sm" data-testid="flash-rate">
                {isolate(`1 ${quote.from}`)} ≈ {isolate(`${formatExact(quote.rate, locale)} ${quote.to}`)}
              </Text>
              <Group justify="space-between">
                <Text size="sm">{t('flash.fee', { rate: formatRate(quote.feeRate, locale) })}</Text>
                <Text size="sm" data-testid="flash-fee">
                  {money(quote.fee, quote.to)}
                </Text>
              </Group>
              <Group justify="space-between">
                <Text size="sm" fw={600}>
                  {t('flash.receive')}
                </Text>
                <Text size="sm" fw={600} data-testid="flash-receive">
                  {money(quote.receive, quote.to)}
                </Text>
              </Group>
              <Text size="xs" c={expired ? 'orange' : 'dimmed'} data-testid="flash-countdown">
                {expired ? t('flash.expired') : t('flash.expiresIn', { seconds: left })}
              </Text>
              <Progress value={(left / quote.validSeconds) * 100} size="xs" aria-hidden />
            </Stack>
          </Alert>
        )}

        {!quote ? (
          <Button size="md" onClick={requestQuote} loading={quoteMutation.isPending} data-testid="flash-get-quote">
            {t('flash.getQuote')}
          </Button>
        ) : expired ? (
          <Button size="md" variant="light" onClick={requestQuote} loading={quoteMutation.isPending} data-testid="flash-requote">
            {t('flash.requote')}
          </Button>
        ) : (
          <Button type="submit" size="md" loading={exchange.isPending || quoteMutation.isPending} data-testid="flash-confirm">
            {t('flash.confirm')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
