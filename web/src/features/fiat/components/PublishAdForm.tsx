/** The store's ad form: sell or buy, coin, currency, price, quantity, limits, payment methods; the server checks it again. */
import { Button, Checkbox, Group, NativeSelect, SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkAmount } from '../../../lib/amount';
import { Big } from '../../../lib/decimal';
import { AmountInput } from '../../../ui/AmountInput';
import { useSubmitGuard } from '../../../ui/useSubmitGuard';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { COIN_PLACES, FIATS, fiatPlaces, P2P_COINS, PAYMENT_TYPES, usePublishAd, type FiatCurrency, type PaymentType } from '../api';
import classes from './fiat.module.css';

export function PublishAdForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const publish = usePublishAd();
  const guard = useSubmitGuard();
  const [side, setSide] = useState<'sell' | 'buy'>('sell');
  const [coin, setCoin] = useState<(typeof P2P_COINS)[number]>('USDT');
  const [fiat, setFiat] = useState<FiatCurrency>('USD');
  const [values, setValues] = useState({ price: '', quantity: '', min: '', max: '' });
  const [payments, setPayments] = useState<PaymentType[]>([]);
  const [tried, setTried] = useState(false);
  const places = fiatPlaces(fiat);
  const check = (field: keyof typeof values) => checkAmount(values[field], field === 'quantity' ? COIN_PLACES[coin] : places);
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
    publish.mutate({ side, coin, fiat, ...values, payments: payments.join(',') }, { onSuccess: onDone, onSettled: guard.end });
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
    <div className={panel.card} data-testid="p2p-publish">
      <SegmentedControl
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
        <NativeSelect label={t('fiat.coin')} value={coin} onChange={(e) => setCoin(e.currentTarget.value as typeof coin)} data={[...P2P_COINS]} />
        <NativeSelect
          label={t('fiat.currency')}
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
      </Text>
      <Group grow>
        <Button variant="default" onClick={onDone} classNames={WRAP}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} loading={publish.isPending} classNames={WRAP} data-testid="p2p-ad-submit">
          {t('fiat.merchant.publish')}
        </Button>
      </Group>
    </div>
  );
}
