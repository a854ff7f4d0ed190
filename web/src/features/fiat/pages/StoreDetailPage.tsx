/**
 * A merchant store (/pages/legal/storeDetail?id=…): since when, whether the merchant is online,
 * its orders, completion rates and average release time, its certifications, and its ads.
 */
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatDate, formatRate } from '../../../lib/format';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import panel from '../../../ui/panel.module.css';
import { useStore } from '../api';
import { AdCard } from '../components/AdCard';
import { Presence, releaseText } from '../components/StoreSignals';
import classes from '../components/fiat.module.css';

export default function StoreDetailPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const store = useStore(new URLSearchParams(useLocation().search).get('id') ?? '');
  const s = store.data;
  if (store.isError && !s) return <LoadRetry onRetry={() => void store.refetch()} />;
  if (!s) return <PageSkeleton variant="cards" rows={4} />;
  return (
    <div className={panel.page} data-testid="p2p-store">
      <div className={panel.card}>
        <Text fw={700} size="lg" data-testid="p2p-store-name" data-server-text>
          {s.name}
        </Text>
        <Presence store={s} />
        <Group gap={6}>
          {(['mobile', 'realName', 'advanced'] as const).map((level) => (
            <Badge
              key={level}
              size="sm"
              variant={s.levels[level] ? 'light' : 'outline'}
              color={s.levels[level] ? 'teal' : 'gray'}
              data-testid={`p2p-level-${level}`}
              data-done={s.levels[level]}
            >
              {t(`mine.level.${level}`)}
            </Badge>
          ))}
        </Group>
        <dl className={panel.facts}>
          <dt>{t('fiat.registered')}</dt>
          <dd>{formatDate(s.registeredAt, 'date', locale)}</dd>
          <dt>{t('fiat.totalOrders')}</dt>
          <dd data-testid="p2p-store-total">{s.totalOrders}</dd>
          <dt>{t('fiat.orders30d')}</dt>
          <dd>{s.orders30d}</dd>
          <dt>{t('fiat.completedOrders')}</dt>
          <dd>{s.completedOrders}</dd>
          <dt>{t('fiat.completionRate')}</dt>
          <dd data-testid="p2p-store-rate">{s.totalOrders === 0 ? t('fiat.newStore') : formatRate(s.completionRate, locale)}</dd>
          <dt>{t('fiat.completionRate30d')}</dt>
          <dd data-testid="p2p-store-rate30d">{s.completionRate30d !== undefined ? formatRate(s.completionRate30d, locale) : '–'}</dd>
          <dt>{t('fiat.avgReleaseTime')}</dt>
          <dd data-testid="p2p-store-release">{s.avgReleaseSeconds !== undefined ? releaseText(t, s.avgReleaseSeconds) : '–'}</dd>
        </dl>
      </div>
      <div className={classes.list}>
        {s.ads.map((ad) => (
          <AdCard key={ad.id} ad={ad} showStore={false} />
        ))}
      </div>
    </div>
  );
}
