/**
 * Recharge with a payment voucher: the user paid to their deposit address and applies for the
 * credit with the coin and network, the amount, the address paid to (prefilled with the deposit
 * address, editable) and an image of the payment voucher (required). Every field is checked
 * before anything is sent; the application is then reviewed and shows below as "under review"
 * until it succeeds, or fails with the reason (live).
 */
import { Alert, Button, Text, TextInput } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { ClockIcon } from '../../../ui/icons';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { ImageUpload } from '../../../ui/uploads/ImageUpload';
import { useSubmitGuard } from '../../../ui/useSubmitGuard';
import { useCoins, useDepositAddress, useRecharge } from '../api';
import { checkAmount, wireAmount } from '../../../lib/amount';
import { AmountInput } from '../../../ui/AmountInput';
import { useAddressProblem } from '../components/addressCheck';
import { CoinChainSelect, useCoinChainParams } from '../components/CoinChainSelect';
import { LoadRetry } from '../../../ui/LoadRetry';
import { RecordList } from '../components/RecordList';
import classes from '../components/funds.module.css';
import panel from '../../../ui/panel.module.css';

type Field = 'amount' | 'address' | 'voucher';

export default function ChargeOtherPage() {
  const { t } = useTranslation();
  const coins = useCoins();
  const pick = useCoinChainParams(coins.data);
  const { coin, chain } = pick;
  const deposit = useDepositAddress(coin?.coin, chain?.chain);
  const recharge = useRecharge();
  const guard = useSubmitGuard();
  const addressProblem = useAddressProblem();
  const [amount, setAmount] = useState('');
  // The address as typed for one coin and chain; otherwise the deposit address of the choice.
  const [typed, setTyped] = useState<{ key: string; text: string } | null>(null);
  const [voucher, setVoucher] = useState<string | null>(null);
  const [voucherBusy, setVoucherBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const onVoucherBusy = useCallback((busy: boolean) => setVoucherBusy(busy), []);

  if (coins.isPending) return <PageSkeleton variant="form" rows={5} />;
  if (!coins.data || !coin || !chain) return <LoadRetry onRetry={() => void coins.refetch()} />;

  const key = `${coin.coin}:${chain.chain}`;
  const address = typed?.key === key ? typed.text : (deposit.data?.address ?? '');
  const clear = (field: Field) => setErrors((e) => ({ ...e, [field]: null }));

  const check = (): Partial<Record<Field, string | null>> => {
    const next: Partial<Record<Field, string | null>> = {};
    const parsed = checkAmount(amount, coin.precision);
    if (parsed.problem) next.amount = t(`funds.amountProblem.${parsed.problem}`, { coin: coin.coin, precision: coin.precision });
    next.address = addressProblem(chain, address);
    if (voucherBusy) next.voucher = t('funds.recharge.voucherBusy');
    else if (!voucher) next.voucher = t('funds.recharge.voucherRequired');
    return next;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (recharge.isPending) return;
    const next = check();
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    if (!guard.begin()) return;
    recharge.mutate(
      { coin: coin.coin, chain: chain.chain, amount: wireAmount(checkAmount(amount, coin.precision).amount!), address: address.trim(), voucher: voucher! },
      {
        onSettled: guard.end,
        onSuccess: () => {
          toast.success(t('funds.recharge.submitted'));
          setAmount('');
          setVoucher(null);
          setErrors({});
        },
        onError: (err) => {
          // The toast has said it; keep it next to the field it is about too.
          if (err instanceof ApiError && err.details.code === 'address_mismatch') setErrors((x) => ({ ...x, address: err.message }));
          if (err instanceof ApiError && (err.details.code === 'amount_invalid' || err.details.code === 'amount_precision'))
            setErrors((x) => ({ ...x, amount: err.message }));
        },
      },
    );
  };

  return (
    <div className={panel.page}>
      <form className={panel.page} style={{ padding: 0 }} onSubmit={submit} noValidate data-testid="recharge-form">
        <Alert color="blue" variant="light" icon={<ClockIcon width={18} />} p="xs" data-testid="recharge-notice">
          <Text size="sm">{t('funds.recharge.notice')}</Text>
        </Alert>
        <CoinChainSelect
          coins={coins.data}
          value={pick}
          onChange={(what) => setErrors((x) => (what === 'coin' ? {} : { ...x, address: null }))}
          disabled={recharge.isPending}
        />
        <AmountInput
          label={t('funds.recharge.amount')}
          placeholder={t('funds.amountPlaceholder')}
          value={amount}
          onValueChange={(v) => {
            setAmount(v);
            clear('amount');
          }}
          error={errors.amount}
          rightSection={
            <Text size="xs" c="dimmed">
              {coin.coin}
            </Text>
          }
          rightSectionWidth={56}
          data-testid="recharge-amount"
        />
        <TextInput
          label={t('funds.recharge.address')}
          description={t('funds.recharge.addressHint', { coin: coin.coin, chain: chain.chain })}
          value={address}
          onChange={(e) => {
            setTyped({ key, text: e.currentTarget.value });
            clear('address');
          }}
          error={errors.address}
          maxLength={128}
          autoComplete="off"
          spellCheck={false}
          classNames={{ input: classes.mono }}
          data-testid="recharge-address"
        />
        <ImageUpload
          label={t('funds.recharge.voucher')}
          description={t('funds.recharge.voucherHint')}
          value={voucher}
          onChange={(id) => {
            setVoucher(id);
            if (id) clear('voucher');
          }}
          onBusyChange={onVoucherBusy}
          error={errors.voucher}
          testId="voucher"
          disabled={recharge.isPending}
        />
        <Button type="submit" size="md" loading={recharge.isPending} data-testid="recharge-submit">
          {t('funds.recharge.submit')}
        </Button>
      </form>

      <RecordList
        filter={{ type: 'recharge', coin: coin.coin }}
        title={t('funds.recharge.recent', { coin: coin.coin })}
        empty={{ title: t('empty.recharges.title'), hint: t('empty.recharges.hint') }}
        testId="recharge-records"
      />
    </div>
  );
}
