/**
 * My store (/pages/legal/store, login): its name (changed here), record and presence as buyers see
 * them, publish an ad, my sell ads and my buy ads with their state, off the shelf and back on, and
 * the orders on my ads. Not a merchant yet: the way to become one.
 */
import { Badge, Button, Group, Switch, Text } from '@mantine/core';
import { Segmented } from '../../../ui/Segmented';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatAmount, isolate, exactMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { fiatPlaces, useMerchant, useRenameStore, useShelfAd } from '../api';
import { nameRefusal, StoreNameForm } from '../components/StoreNameForm';
import { storeRecord, StoreSignals } from '../components/StoreSignals';
import { PublishAdForm } from '../components/PublishAdForm';
import classes from '../components/fiat.module.css';

export default function StorePage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const merchant = useMerchant();
  const shelf = useShelfAd();
  const rename = useRenameStore();
  const [renaming, setRenaming] = useState(false);
  const [tab, setTab] = useState<'sell' | 'buy'>('sell');
  const [publishing, setPublishing] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  if (merchant.isError && !merchant.data) return <LoadRetry onRetry={() => void merchant.refetch()} />;
  if (!merchant.data) return <PageSkeleton variant="cards" rows={4} />;
  const store = merchant.data.store;
  if (!store) return <Navigate to={paths.legal.storeUser} replace />;
  const ads = store.ads.filter((a) => a.side === tab);
  return (
    <div className={panel.page} data-testid="p2p-my-store">
      {renaming ? (
        <StoreNameForm
          initial={store.name}
          submitLabel={t('fiat.merchant.save')}
          pending={rename.isPending}
          onCancel={() => setRenaming(false)}
          onSubmit={(name, refused) =>
            rename.mutate(name!, {
              onSuccess: () => setRenaming(false),
              onError: (err) => {
                const message = nameRefusal(err);
                if (message) refused(message);
              },
            })
          }
        />
      ) : (
        <div className={panel.card}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={700} size="lg" data-server-text data-testid="p2p-my-store-name">
              {store.name}
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={() => setRenaming(true)} classNames={WRAP} data-testid="p2p-rename-store">
              {t('fiat.merchant.rename')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed" data-testid="p2p-my-store-record">
            {storeRecord(t, store, locale)}
          </Text>
          <StoreSignals store={store} />
          <Button component={Link} to={paths.legal.storeOrder} variant="light" size="compact-sm" classNames={WRAP} data-testid="p2p-store-orders">
            {t('routes.storeOrder')}
          </Button>
        </div>
      )}
      {publishing ? (
        <PublishAdForm onDone={() => setPublishing(false)} />
      ) : (
        <Button onClick={() => setPublishing(true)} classNames={WRAP} data-testid="p2p-new-ad">
          {t('fiat.merchant.newAd')}
        </Button>
      )}
      <Segmented
        value={tab}
        onChange={(v) => setTab(v as 'sell' | 'buy')}
        data={[
          { value: 'sell', label: t('fiat.merchant.mySell') },
          { value: 'buy', label: t('fiat.merchant.myBuy') },
        ]}
        fullWidth
        data-testid="p2p-my-ads-tab"
      />
      {ads.length === 0 && <EmptyState compact testId="p2p-no-my-ads" title={t('empty.myAds.title')} hint={t('empty.myAds.hint')} />}
      <div className={classes.list}>
        {ads.map((ad) => {
          const places = fiatPlaces(ad.fiat);
          if (editing === ad.id) return <PublishAdForm key={ad.id} ad={ad} onDone={() => setEditing(null)} />;
          return (
            <div key={ad.id} className={classes.ad} data-testid="p2p-my-ad" data-online={ad.online}>
              <div className={classes.adHead}>
                <span className={classes.price}>{isolate(`${formatAmount(ad.price, places, locale)} ${ad.fiat}`)}</span>
                <Badge size="sm" variant="light" color={ad.online ? 'teal' : 'gray'}>
                  {t(ad.online ? 'fiat.merchant.online' : 'fiat.merchant.offline')}
                </Badge>
              </div>
              <div className={classes.line}>{t('fiat.available', { amount: exactMoney(ad.available, ad.coin, locale) })}</div>
              <div className={classes.line}>
                {t('fiat.limits', { range: isolate(`${formatAmount(ad.min, places, locale)} – ${formatAmount(ad.max, places, locale)} ${ad.fiat}`) })}
              </div>
              <Group justify="space-between" wrap="wrap" gap={8}>
                <Switch
                  checked={Boolean(ad.online)}
                  onChange={(e) => shelf.mutate({ id: ad.id, online: e.currentTarget.checked })}
                  label={t('fiat.merchant.onShelf')}
                  data-testid="p2p-shelf"
                />
                <Button variant="subtle" size="compact-sm" onClick={() => setEditing(ad.id)} classNames={WRAP} data-testid="p2p-edit-ad">
                  {t('fiat.merchant.edit')}
                </Button>
              </Group>
            </div>
          );
        })}
      </div>
    </div>
  );
}
