/**
 * My subscriptions (/pages/ieo/order, login): each with its state, what was requested and paid, the
 * allocation, its cost and the refund (exact, so they add up to what was paid), what it is worth at
 * today's market price against what it cost (a loss shown as a loss), the projection at the issue
 * price until the coins are distributed, and when they arrive; live.
 */
import { Badge, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { exactMoney, formatDate, formatSignedMoney } from '../../../lib/format';
import { toneOf } from '../../../ui/market/tone';
import { paths } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { ChartUpIcon } from '../../../ui/emptyIcons';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { useIeoSubscriptions } from '../api';
import offer from '../../../ui/offer.module.css';

const COLOR = { subscribed: 'blue', allocated: 'teal', distributed: 'gray' } as const;

export default function IeoOrderPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const subs = useIeoSubscriptions();
  if (subs.isError && !subs.data) return <LoadRetry onRetry={() => void subs.refetch()} />;
  if (!subs.data) return <PageSkeleton variant="cards" rows={3} />;
  return (
    <div className={panel.page} data-testid="ieo-orders">
      {subs.data.items.length === 0 && <EmptyState testId="ieo-none" icon={<ChartUpIcon />} title={t('empty.ieo.title')} hint={t('empty.ieo.hint')} />}
      <div className={offer.list}>
        {subs.data.items.map((s) => (
          <div key={s.id} className={panel.card} data-testid="ieo-subscription" data-status={s.status}>
            <div className={offer.head}>
              <span className={offer.name} data-server-text>
                {s.name}
              </span>
              <Badge size="sm" variant="light" color={COLOR[s.status]}>
                {t(`ieo.subStatus.${s.status}`)}
              </Badge>
            </div>
            <dl className={panel.facts}>
              <dt>{t('ieo.requested')}</dt>
              <dd>{exactMoney(s.quantity, s.coin, locale)}</dd>
              <dt>{t('ieo.paid')}</dt>
              <dd data-testid="ieo-paid">{exactMoney(s.paid, 'USDT', locale)}</dd>
              {s.allocated !== undefined && (
                <>
                  <dt>{t('ieo.allocated')}</dt>
                  <dd data-testid="ieo-allocated">{exactMoney(s.allocated, s.coin, locale)}</dd>
                  <dt>{t('ieo.cost')}</dt>
                  <dd data-testid="ieo-cost">{exactMoney(s.cost!, 'USDT', locale)}</dd>
                  <dt>{t('ieo.refund')}</dt>
                  <dd data-testid="ieo-refund">{exactMoney(s.refund!, 'USDT', locale)}</dd>
                </>
              )}
              {s.marketPnl !== undefined && s.marketPrice !== undefined && (
                <>
                  <dt>{t('ieo.atMarketPrice', { price: exactMoney(s.marketPrice, 'USDT', locale) })}</dt>
                  <dd className={`${toneOf(s.marketPnl)} ${offer.nowrap}`} data-testid="ieo-market-pnl" data-value={s.marketPnl}>
                    {formatSignedMoney(s.marketPnl, 2, 'USDT', locale)}
                  </dd>
                </>
              )}
              {s.status !== 'distributed' && (
                <>
                  <dt>
                    {t(s.allocated === undefined ? 'ieo.revenueIfFull' : 'ieo.revenue')}
                    <span className={offer.note}>{t('ieo.atIssuePrice')}</span>
                  </dt>
                  <dd className={`${toneOf(s.estimatedRevenue)} ${offer.nowrap}`} data-testid="ieo-revenue">
                    {formatSignedMoney(s.estimatedRevenue, 2, 'USDT', locale)}
                  </dd>
                </>
              )}
              <dt>{t('ieo.end')}</dt>
              <dd>{formatDate(s.endAt, 'dateTime', locale)}</dd>
              <dt>{t('ieo.listing')}</dt>
              <dd>{formatDate(s.listAt, 'dateTime', locale)}</dd>
            </dl>
          </div>
        ))}
      </div>
      <Button component={Link} to={paths.ieo.index} variant="light" classNames={WRAP}>
        {t('routes.ieo')}
      </Button>
    </div>
  );
}
