/** My subscriptions (/pages/ieo/order, login): each with its state, what was requested and paid, the allocation, its cost and the refund, the estimated revenue and when the tokens arrive; live. */
import { Badge, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { exactMoney, formatDate, formatMoney } from '../../../lib/format';
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
  const usdt = (v: string) => formatMoney(v, 2, 'USDT', locale);
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
              <dd>{usdt(s.paid)}</dd>
              {s.allocated !== undefined && (
                <>
                  <dt>{t('ieo.allocated')}</dt>
                  <dd data-testid="ieo-allocated">{exactMoney(s.allocated, s.coin, locale)}</dd>
                  <dt>{t('ieo.cost')}</dt>
                  <dd>{usdt(s.cost!)}</dd>
                  <dt>{t('ieo.refund')}</dt>
                  <dd data-testid="ieo-refund">{usdt(s.refund!)}</dd>
                </>
              )}
              <dt>{t(s.allocated === undefined ? 'ieo.revenueIfFull' : 'ieo.revenue')}</dt>
              <dd>{usdt(s.estimatedRevenue)}</dd>
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
