/**
 * Place a fiat order (/pages/legal/order?ad=…&store=…, login): on one ad, by the fiat amount or the
 * coin quantity, within the ad's limits and what it has left, with a payment method the ad takes
 * (to sell, one of the user's verified payment methods). The figures are the server's.
 */
import { Alert, Button, NativeSelect, Text } from '@mantine/core';
import { Segmented } from '../../../ui/Segmented';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { call } from '../../../api/client';
import { queryKey } from '../../../api/queryKey';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { checkAmount } from '../../../lib/amount';
import { formatAmount, isolate, exactMoney } from '../../../lib/format';
import { paths, withQuery } from '../../../lib/paths';
import { AmountField } from '../../../ui/AmountInput';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { useSubmitGuard } from '../../../ui/useSubmitGuard';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { useCoinPrecision } from '../../../api/coins';
import { fiatPlaces, usePlaceOrder, useStore, type PaymentType } from '../api';
import { AdCard } from '../components/AdCard';
import { figures, largest, type Mode } from '../forms/p2pOrder';

export default function OrderPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const navigate = useNavigate();
  const params = new URLSearchParams(useLocation().search);
  const store = useStore(params.get('store') ?? '');
  const ad = store.data?.ads.find((a) => a.id === params.get('ad'));
  const userSells = ad?.side === 'buy';
  // To sell, the buyer pays into one of the user's verified payment methods.
  const methods = useQuery({
    queryKey: queryKey('listPaymentMethods'),
    queryFn: ({ signal }) => call('listPaymentMethods', { signal }),
    enabled: userSells,
  });
  const [mode, setMode] = useState<Mode>('amount');
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<PaymentType | ''>('');
  const place = usePlaceOrder();
  const guard = useSubmitGuard();
  const coinPrecision = useCoinPrecision();

  if (store.isError && !store.data) return <LoadRetry onRetry={() => void store.refetch()} />;
  const coinPlaces = ad && coinPrecision(ad.coin);
  if (!store.data || (ad && coinPlaces === undefined)) return <PageSkeleton variant="form" rows={3} />;
  if (!ad)
    return (
      <div className={panel.page}>
        <Text data-testid="p2p-ad-gone">{t('fiat.adGone')}</Text>
        <Button component={Link} to={paths.legal.legal} classNames={WRAP}>
          {t('routes.legal')}
        </Button>
      </div>
    );

  const places = fiatPlaces(ad.fiat);
  const terms = {
    price: ad.price,
    min: ad.min,
    max: ad.max,
    available: ad.available,
    coinPlaces: coinPlaces!,
    fiatPlaces: places,
  };
  const parsed = typed ? checkAmount(typed, mode === 'amount' ? places : terms.coinPlaces) : undefined;
  const f = parsed?.amount ? figures(mode, parsed.amount, terms) : undefined;
  const usable = userSells ? (methods.data ?? []).filter((m) => m.status === 'verified' && ad.payments.includes(m.type)).map((m) => m.type) : ad.payments;
  const payment = chosen && usable.includes(chosen) ? chosen : usable[0];
  const problem = parsed?.problem
    ? t(parsed.problem === 'precision' ? 'fiat.tooPrecise' : 'fiat.enterAmount')
    : f?.problem
      ? t('fiat.outOfLimits', { min: formatAmount(ad.min, places, locale), max: formatAmount(ad.max, places, locale), fiat: ad.fiat })
      : null;
  const submit = () => {
    if (!f || f.problem || !payment || !guard.begin()) return;
    place.mutate(
      { adId: ad.id, ...(mode === 'amount' ? { amount: typed } : { quantity: typed }), payment },
      { onSuccess: (order) => navigate(withQuery(paths.legal.orderDetail, { id: order.id }), { replace: true }), onSettled: guard.end },
    );
  };
  return (
    <div className={panel.page} data-testid="p2p-order-form">
      <AdCard ad={ad} showStore />
      <div className={panel.card}>
        <Segmented
          value={mode}
          onChange={(v) => {
            setMode(v as Mode);
            setTyped('');
          }}
          data={[
            { value: 'amount', label: t('fiat.byAmount') },
            { value: 'quantity', label: t('fiat.byQuantity') },
          ]}
          fullWidth
          data-testid="p2p-mode"
        />
        <AmountField
          label={
            mode === 'amount'
              ? t(userSells ? 'fiat.receiveFiat' : 'fiat.payFiat', { fiat: ad.fiat })
              : t(userSells ? 'fiat.sellQuantity' : 'fiat.buyQuantity', { coin: ad.coin })
          }
          value={typed}
          onChange={setTyped}
          precision={mode === 'amount' ? places : terms.coinPlaces}
          max={largest(mode, terms)}
          suffix={mode === 'amount' ? ad.fiat : ad.coin}
          error={typed ? problem : null}
          testId="p2p-input"
        />
        {usable.length > 0 ? (
          <NativeSelect
            label={t('fiat.paymentMethod')}
            value={payment}
            onChange={(e) => setChosen(e.currentTarget.value as PaymentType)}
            data={usable.map((p) => ({ value: p, label: t(`fiat.payment.${p}`) }))}
            data-testid="p2p-order-payment"
          />
        ) : (
          userSells &&
          methods.data && (
            <Alert color="yellow" data-testid="p2p-need-method">
              {t('fiat.needMethod')} <Link to={paths.mine.collectMoney}>{t('routes.collectMoney')}</Link>
            </Alert>
          )
        )}
        {f && !f.problem && (
          <dl className={panel.facts} data-testid="p2p-summary">
            <dt>{t(userSells ? 'fiat.youSell' : 'fiat.youGet')}</dt>
            <dd data-testid="p2p-summary-quantity">{exactMoney(f.quantity, ad.coin, locale)}</dd>
            <dt>{t(userSells ? 'fiat.youReceive' : 'fiat.youPay')}</dt>
            <dd data-testid="p2p-summary-amount">{isolate(`${formatAmount(f.amount, places, locale)} ${ad.fiat}`)}</dd>
          </dl>
        )}
        <Text size="xs" c="dimmed">
          {t(userSells ? 'fiat.sellNote' : 'fiat.buyNote', { minutes: ad.payWindowMinutes })}
        </Text>
        <Button
          onClick={submit}
          disabled={!f || Boolean(f.problem) || !payment}
          loading={place.isPending}
          color={userSells ? 'red' : 'teal'}
          classNames={WRAP}
          data-testid="p2p-place"
        >
          {t(userSells ? 'fiat.sellCoin' : 'fiat.buyCoin', { coin: ad.coin })}
        </Button>
      </div>
    </div>
  );
}
