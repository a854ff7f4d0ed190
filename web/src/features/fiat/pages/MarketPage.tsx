/**
 * The fiat market (/pages/legal/legal): buy or sell a coin for a fiat currency from the merchants'
 * ads, filtered by payment method and by the amount the user wants; sorted by the best price for
 * the side (cheapest to buy, highest to sell) or by the stores' 30-day completion rate, a choice
 * kept for the browser session. My orders are one tap away.
 */
import { Button, Group, NativeSelect } from '@mantine/core';
import { Segmented } from '../../../ui/Segmented';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isDecimalInput } from '../../../../../common/amount';
import { parseDecimal } from '../../../lib/decimal';
import { paths } from '../../../lib/paths';
import { AmountInput } from '../../../ui/AmountInput';
import { LoadMore } from '../../../ui/LoadMore';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import panel from '../../../ui/panel.module.css';
import { FIATS, P2P_COINS, PAYMENT_TYPES, useAds, type AdSort, type FiatCurrency, type PaymentType } from '../api';
import { AdCard } from '../components/AdCard';
import classes from '../components/fiat.module.css';

/** The list's order, kept for the browser session (sessionStorage). */
const SORT_KEY = 'p2p_sort';
const SORTS: readonly AdSort[] = ['price', 'completion'];

function storedSort(): AdSort {
  try {
    const stored = sessionStorage.getItem(SORT_KEY);
    return SORTS.find((s) => s === stored) ?? 'price';
  } catch {
    return 'price';
  }
}

function useSort(): [AdSort, (sort: AdSort) => void] {
  const [sort, setSort] = useState<AdSort>(storedSort);
  const choose = (next: AdSort) => {
    setSort(next);
    try {
      sessionStorage.setItem(SORT_KEY, next);
    } catch {
      // Storage refused (private mode): the choice lasts for this page.
    }
  };
  return [sort, choose];
}

export default function MarketPage() {
  const { t } = useTranslation();
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [coin, setCoin] = useState<(typeof P2P_COINS)[number]>('USDT');
  const [fiat, setFiat] = useState<FiatCurrency>('USD');
  const [payment, setPayment] = useState<PaymentType | ''>('');
  const [amount, setAmount] = useState('');
  const [sort, setSort] = useSort();
  const ads = useAds({
    side,
    coin,
    fiat,
    ...(sort !== 'price' ? { sort } : {}),
    ...(payment ? { payment } : {}),
    ...(amount && isDecimalInput(amount) && parseDecimal(amount)?.gt(0) ? { amount } : {}),
  });
  const items = ads.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className={panel.page} data-testid="p2p-market">
      {/* The links keep their words on one line: where they do not fit beside buy/sell (German, Italian), they go under it. */}
      <Group justify="space-between" gap={8}>
        <Segmented
          value={side}
          onChange={(v) => setSide(v as 'buy' | 'sell')}
          data={[
            { value: 'buy', label: t('fiat.buy') },
            { value: 'sell', label: t('fiat.sell') },
          ]}
          color={side === 'buy' ? 'teal' : 'red'}
          data-testid="p2p-side"
        />
        <Group gap={4} wrap="nowrap" ml="auto">
          <Button component={Link} to={paths.legal.recordlist} variant="subtle" size="compact-sm" data-testid="p2p-my-orders">
            {t('fiat.myOrders')}
          </Button>
          <Button component={Link} to={paths.legal.store} variant="subtle" size="compact-sm" data-testid="p2p-my-store-link">
            {t('routes.store')}
          </Button>
        </Group>
      </Group>
      <div className={classes.filters}>
        <NativeSelect
          label={t('fiat.coin')}
          value={coin}
          onChange={(e) => setCoin(e.currentTarget.value as typeof coin)}
          data={[...P2P_COINS]}
          data-testid="p2p-coin"
        />
        <NativeSelect
          label={t('fiat.currency')}
          value={fiat}
          onChange={(e) => setFiat(e.currentTarget.value as FiatCurrency)}
          data={FIATS}
          data-testid="p2p-fiat"
        />
        <NativeSelect
          label={t('fiat.paymentMethod')}
          value={payment}
          onChange={(e) => setPayment(e.currentTarget.value as PaymentType | '')}
          data={[{ value: '', label: t('fiat.anyPayment') }, ...PAYMENT_TYPES.map((p) => ({ value: p, label: t(`fiat.payment.${p}`) }))]}
          data-testid="p2p-payment"
        />
        <AmountInput
          label={t('fiat.amountFilter', { fiat })}
          placeholder={t('fiat.anyAmount')}
          value={amount}
          onValueChange={setAmount}
          data-testid="p2p-amount"
        />
      </div>
      <div className={classes.sortRow}>
        <span id="p2p-sort-label">{t('fiat.sortBy')}</span>
        <Segmented
          value={sort}
          onChange={setSort}
          data={[
            { value: 'price', label: t('fiat.sort.price') },
            { value: 'completion', label: t('fiat.sort.completion') },
          ]}
          size="xs"
          aria-labelledby="p2p-sort-label"
          data-testid="p2p-sort"
        />
      </div>
      {ads.isError && !ads.data && <LoadRetry onRetry={() => void ads.refetch()} />}
      {ads.isPending && <PageSkeleton variant="cards" rows={4} bare />}
      {ads.data && items.length === 0 && <EmptyState compact testId="p2p-empty" title={t('empty.ads.title')} hint={t('empty.ads.hint')} />}
      <div className={classes.list}>
        {items.map((ad) => (
          <AdCard key={ad.id} ad={ad} />
        ))}
      </div>
      <LoadMore query={ads} label={t('fiat.loadMore')} />
    </div>
  );
}
