/**
 * Transfer between the user's accounts (funds, exchange, lever, fiat, options), with from/to swap,
 * Max and the spec's insufficient-balance message. transferTolever and transferTomicro open with
 * the lever or options account as the destination.
 */
import { ActionIcon, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ExchangeIcon } from '../../../ui/icons';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { balanceOf, useWallet, type AccountKind } from '../../../api/wallet';
import { TRANSFER_KINDS, useCoins, useTransfer } from '../api';
import { checkAmount } from '../../../lib/amount';
import { AmountField } from '../../../ui/AmountInput';
import { useCoinMoney } from '../format';
import classes from './assets.module.css';
import { paths } from '../../../lib/paths';

const DEFAULT_TO: Record<string, AccountKind> = {
  [paths.assets.transferTolever]: 'lever',
  [paths.assets.transferTomicro]: 'second',
  [paths.legal.transfer]: 'fiat',
};

function isKind(v: string | null): v is AccountKind {
  return TRANSFER_KINDS.includes(v as AccountKind);
}

export default function TransferPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const { data: wallet } = useWallet();
  const { data: coins } = useCoins();
  const money = useCoinMoney();
  const transfer = useTransfer();
  const [from, setFrom] = useState<AccountKind>(() => (isKind(params.get('from')) ? (params.get('from') as AccountKind) : 'funds'));
  const [to, setTo] = useState<AccountKind>(() =>
    isKind(params.get('to')) ? (params.get('to') as AccountKind) : (DEFAULT_TO[location.pathname] ?? 'exchange'),
  );
  const [coin, setCoin] = useState(() => params.get('coin') ?? 'USDT');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!wallet || !coins) return <PageSkeleton variant="form" rows={4} />;
  const info = coins.find((c) => c.coin === coin) ?? coins[0];
  const available = balanceOf(wallet, from, info.coin)?.available ?? '0';
  const kindOptions = TRANSFER_KINDS.map((k) => ({ value: k, label: t(`assets.kind.${k}`) }));

  const choose = (side: 'from' | 'to', value: AccountKind) => {
    // Choosing the other side's account swaps them, so the two always differ.
    if (side === 'from') {
      if (value === to) setTo(from);
      setFrom(value);
    } else {
      if (value === from) setFrom(to);
      setTo(value);
    }
    setError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (transfer.isPending) return;
    const parsed = checkAmount(amount, info.precision);
    if (parsed.problem) {
      return setError(
        parsed.problem === 'required'
          ? t('transfer.amountRequired')
          : t(`funds.amountProblem.${parsed.problem}`, { coin: info.coin, precision: info.precision }),
      );
    }
    if (parsed.amount.gt(available)) return setError(t('transfer.insufficient'));
    setError(null);
    transfer.mutate(
      { coin: info.coin, from, to, amount },
      {
        onSuccess: () => {
          toast.success(t('transfer.done'));
          setAmount('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate style={{ padding: 16 }}>
      <Stack gap="md">
        <div className={classes.transferBox}>
          <NativeSelect
            label={t('transfer.from')}
            value={from}
            onChange={(e) => choose('from', e.currentTarget.value as AccountKind)}
            data={kindOptions}
            data-testid="transfer-from"
          />
          <ActionIcon
            variant="light"
            size="lg"
            radius="xl"
            aria-label={t('transfer.swap')}
            onClick={() => {
              setFrom(to);
              setTo(from);
              setError(null);
            }}
            className={classes.swap}
            data-testid="transfer-swap"
          >
            <ExchangeIcon width={18} />
          </ActionIcon>
          <NativeSelect
            label={t('transfer.to')}
            value={to}
            onChange={(e) => choose('to', e.currentTarget.value as AccountKind)}
            data={kindOptions}
            data-testid="transfer-to"
          />
        </div>
        <NativeSelect
          label={t('transfer.coin')}
          value={info.coin}
          onChange={(e) => setCoin(e.currentTarget.value)}
          data={coins.map((c) => c.coin)}
          data-testid="transfer-coin"
        />
        <AmountField
          label={t('transfer.amount')}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setError(null);
          }}
          precision={info.precision}
          max={available}
          suffix={info.coin}
          error={error}
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('transfer.available', { account: t(`assets.kind.${from}`) })}
          </Text>
          <Text size="sm" data-testid="transfer-available">
            {money(available, info.coin)}
          </Text>
        </Group>
        <Button type="submit" size="md" loading={transfer.isPending} data-testid="transfer-submit">
          {t('transfer.submit')}
        </Button>
      </Stack>
    </form>
  );
}
