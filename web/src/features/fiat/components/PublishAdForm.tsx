/**
 * The store's ad form: sell or buy, coin, currency, price, quantity, limits, payment methods; the
 * server checks it again. Given an `ad`, it edits that ad's terms (side, coin and currency stay).
 */
import { Button, Checkbox, Group, NativeSelect, Text } from '@mantine/core';
import { Segmented } from '../../../ui/Segmented';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkAmount } from '../../../lib/amount';
import { Big } from '../../../lib/decimal';
import { AmountInput } from '../../../ui/AmountInput';
import { useSubmitGuard } from '../../../ui/useSubmitGuard';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { useCoinPrecision } from '../../../api/coins';
import { FIATS, fiatPlaces, P2P_COINS, PAYMENT_TYPES, useEditAd, usePublishAd, type FiatCurrency, type P2pAd, type PaymentType } from '../api';
import classes from './fiat.module.css';

export function PublishAdForm({ ad, onDone }: { ad?: P2pAd; onDone: () => void }) {
  const { t } = useTranslation();
  const publish = usePublishAd();
  const edit = useEditAd();
  const guard = useSubmitGuard();
  const [side, setSide] = useState<'sell' | 'buy'>(ad?.side ?? 'sell');
  const [coin, setCoin] = useState<(typeof P2P_COINS)[number]>((ad?.coin as (typeof P2P_COINS)[number] | undefined) ?? 'USDT');
  const [fiat, setFiat] = useState<FiatCurrency>(ad?.fiat ?? 'USD');
  const [values, setValues] = useState(
    ad ? { price: ad.price, quantity: ad.available, min: ad.min, max: ad.max } : { price: '', quantity: '', min: '', max: '' },
  );
  const [payments, setPayments] = useState<PaymentType[]>(ad?.payments ?? []);
  const [tried, setTried] = useState(false);
  const places = fiatPlaces(fiat);
  // Until the coin list loads, the server checks the quantity's decimals.
  const coinPlaces = useCoinPrecision()(coin) ?? 18;
  const check = (field: keyof typeof values) => checkAmount(values[field], field === 'quantity' ? coinPlaces : places);
  const problems: Partial<Record<keyof typeof values | 'payments', string>> = {};
  for (const f of ['price', 'quantity', 'min', 'max'] as const) {
    const c = check(f);
    if (c.problem) problems[f] = t(c.problem === 'required' ? 'validation.required' : c.problem === 'precision' ? 'fiat.tooPrecise' : 'fiat.enterAmount');
  }
  const min = check('min').amount;
  const max = check('max').amount;
  if (min && max && max.lt(min)) problems.max = t('apiErrors.p2p_max_below_min');
  const price = check('price').amount;
  const quantity = check('quantity').amount;
  if (min && price && quantity && min.gt(new Big(price).times(quantity))) problems.min = t('apiErrors.p2p_min_above_total');
  if (!payments.length) problems.payments = t('fiat.merchant.choosePayment');
  const submit = () => {
    setTried(true);
    if (Object.keys(problems).length || !guard.begin()) return;
    const done = { onSuccess: onDone, onSettled: guard.end };
    if (ad) edit.mutate({ id: ad.id, ...values, payments: payments.join(',') }, done);
    else publish.mutate({ side, coin, fiat, ...values, payments: payments.join(',') }, done);
  };
  const field = (name: keyof typeof values, label: string) => (
    <AmountInput
      label={label}
      value={values[name]}
      onValueChange={(v) => setValues((old) => ({ ...old, [name]: v }))}
      error={tried ? problems[name] : undefined}
      data-testid={`p2p-ad-${name}`}
    />
  );
  return (
    <div className={panel.card} data-testid={ad ? 'p2p-edit' : 'p2p-publish'}>
      <Segmented
        disabled={Boolean(ad)}
        value={side}
        onChange={(v) => setSide(v as 'sell' | 'buy')}
        data={[
          { value: 'sell', label: t('fiat.merchant.iSell') },
          { value: 'buy', label: t('fiat.merchant.iBuy') },
        ]}
        fullWidth
        data-testid="p2p-ad-side"
      />
      <div className={classes.filters}>
        <NativeSelect
          label={t('fiat.coin')}
          disabled={Boolean(ad)}
          value={coin}
          onChange={(e) => setCoin(e.currentTarget.value as typeof coin)}
          data={[...P2P_COINS]}
        />
        <NativeSelect
          label={t('fiat.currency')}
          disabled={Boolean(ad)}
          value={fiat}
          onChange={(e) => setFiat(e.currentTarget.value as FiatCurrency)}
          data={FIATS}
          data-testid="p2p-ad-fiat"
        />
        {field('price', t('fiat.merchant.price', { fiat }))}
        {field('quantity', t('fiat.merchant.quantity', { coin }))}
        {field('min', t('fiat.merchant.min', { fiat }))}
        {field('max', t('fiat.merchant.max', { fiat }))}
      </div>
      <Checkbox.Group
        label={t('fiat.paymentMethod')}
        value={payments}
        onChange={(v) => setPayments(v as PaymentType[])}
        error={tried ? problems.payments : undefined}
      >
        <Group gap={12} mt={6}>
          {PAYMENT_TYPES.map((p) => (
            <Checkbox key={p} value={p} label={t(`fiat.payment.${p}`)} data-testid={`p2p-ad-pay-${p}`} />
          ))}
        </Group>
      </Checkbox.Group>
      <Text size="xs" c="dimmed">
        {t(side === 'sell' ? 'fiat.merchant.sellReserve' : 'fiat.merchant.buyNote')}
        {ad && ` ${t('fiat.merchant.editNote')}`}
      </Text>
      <Group grow>
        <Button variant="default" onClick={onDone} classNames={WRAP}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} loading={publish.isPending || edit.isPending} classNames={WRAP} data-testid="p2p-ad-submit">
          {t(ad ? 'fiat.merchant.save' : 'fiat.merchant.publish')}
        </Button>
      </Group>
    </div>
  );
}
