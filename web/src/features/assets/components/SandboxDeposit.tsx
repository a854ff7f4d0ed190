/**
 * Sandbox servers only (Settings.sandbox): sends a test deposit of an amount to the user's own
 * deposit address, which then confirms like a real one (credited, or not below the minimum).
 */
import { Badge, Button, Group, Text } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Big } from '../../../lib/decimal';
import { formatExact } from '../../../lib/format';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { useSubmitGuard } from '../../../ui/useSubmitGuard';
import { useSandboxDeposit, type ChainInfo, type CoinInfo } from '../api';
import { checkAmount, wireAmount } from '../../../lib/amount';
import { AmountInput } from '../../../ui/AmountInput';
import classes from './funds.module.css';

export function SandboxDeposit({ coin, chain }: { coin: CoinInfo; chain: ChainInfo }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const deposit = useSandboxDeposit();
  const guard = useSubmitGuard();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const parsed = checkAmount(amount, coin.precision);
  const below = parsed.amount?.lt(chain.minDeposit) ?? false;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (deposit.isPending) return;
    const checked = checkAmount(amount, coin.precision);
    if (checked.problem) {
      setError(t(`funds.amountProblem.${checked.problem}`, { coin: coin.coin, precision: coin.precision }));
      return;
    }
    if (!guard.begin()) return;
    deposit.mutate(
      { coin: coin.coin, chain: chain.chain, amount: wireAmount(checked.amount) },
      {
        onSettled: guard.end,
        onSuccess: () => {
          toast.success(t('funds.sandbox.sent', { count: chain.depositConfirmations }));
          setAmount('');
        },
      },
    );
  };

  return (
    <form className={classes.sandbox} onSubmit={submit} noValidate aria-labelledby="sandbox-title" data-testid="sandbox-box">
      <Group gap={8} wrap="nowrap">
        <Badge color="orange" variant="filled" radius="sm">
          {t('funds.sandbox.badge')}
        </Badge>
        <h2 id="sandbox-title" className={classes.cardTitle}>
          {t('funds.sandbox.title')}
        </h2>
      </Group>
      <Text size="sm">{t('funds.sandbox.body', { coin: coin.coin, chain: chain.chain })}</Text>
      <AmountInput
        label={t('funds.amount')}
        placeholder={t('funds.sandbox.placeholder', { min: formatExact(chain.minDeposit, locale), coin: coin.coin })}
        value={amount}
        onValueChange={(v) => {
          setAmount(v);
          setError(null);
        }}
        error={error}
        description={
          below && new Big(chain.minDeposit).gt(0) ? t('funds.sandbox.belowMin', { min: formatExact(chain.minDeposit, locale), coin: coin.coin }) : undefined
        }
        rightSection={
          <Text size="xs" c="dimmed">
            {coin.coin}
          </Text>
        }
        rightSectionWidth={56}
        data-testid="sandbox-amount"
      />
      <Button type="submit" color="orange" loading={deposit.isPending} data-testid="sandbox-submit">
        {t('funds.sandbox.submit')}
      </Button>
    </form>
  );
}
