/** My fiat orders (all of them, or those on my store's ads) by state, page by page, live, each opening its detail and showing its order number to copy. */
import { Badge } from '@mantine/core';
import { Segmented } from '../../../ui/Segmented';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatAmount, formatDate, isolate, exactMoney } from '../../../lib/format';
import { paths, withQuery } from '../../../lib/paths';
import { LoadMore } from '../../../ui/LoadMore';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { fiatPlaces, useOrderEvents, useOrders, type OrderFilter } from '../api';
import classes from './fiat.module.css';
import { Copyable } from './Copyable';

/** What an empty list of each filter is called (the keys spelled out, so a check finds them). */
const EMPTY_TITLE = { open: 'empty.p2pFilter.open', completed: 'empty.p2pFilter.completed', cancelled: 'empty.p2pFilter.cancelled' } as const;

export function OrderList({ scope }: { scope: 'all' | 'store' }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const [filter, setFilter] = useState<OrderFilter>('open');
  useOrderEvents();
  const orders = useOrders(filter, scope);
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <Segmented
        value={filter}
        onChange={(v) => setFilter(v as OrderFilter)}
        data={(['open', 'completed', 'cancelled'] as const).map((f) => ({ value: f, label: t(`fiat.filter.${f}`) }))}
        fullWidth
        data-testid="p2p-records-filter"
      />
      {orders.isError && !orders.data && <LoadRetry onRetry={() => void orders.refetch()} />}
      {orders.isPending && <PageSkeleton variant="cards" rows={4} bare />}
      {orders.data && items.length === 0 && (
        <EmptyState
          testId="p2p-records-empty"
          // Per filter: "in progress" is empty for a user whose orders have all ended.
          title={t(EMPTY_TITLE[filter])}
          hint={t(scope === 'store' ? 'empty.storeOrders.hint' : 'empty.p2pOrders.hint')}
          action={
            scope === 'store' ? { label: t('empty.storeOrders.action'), to: paths.legal.store } : { label: t('empty.p2pOrders.action'), to: paths.legal.legal }
          }
        />
      )}
      <div className={classes.list}>
        {items.map((o) => (
          <div key={o.id} className={classes.ad} data-testid="p2p-record-card">
            <Link to={withQuery(paths.legal.orderDetail, { id: o.id })} className={`${classes.recordLink} ${classes.plain}`} data-testid="p2p-record">
              <div className={classes.adHead}>
                <span className={classes.store} data-server-text>
                  {t(o.role === 'buyer' ? 'fiat.buyCoin' : 'fiat.sellCoin', { coin: o.coin })} · {o.counterparty}
                </span>
                <Badge
                  size="sm"
                  variant="light"
                  color={o.status === 'completed' ? 'teal' : o.status === 'cancelled' ? 'gray' : 'blue'}
                  data-testid="p2p-record-status"
                >
                  {t(`fiat.status.${o.status}`)}
                </Badge>
              </div>
              <div className={classes.line}>
                {isolate(`${formatAmount(o.amount, fiatPlaces(o.fiat), locale)} ${o.fiat}`)} · {exactMoney(o.quantity, o.coin, locale)}
              </div>
              <div className={classes.line}>{formatDate(o.createdAt, 'dateTime', locale)}</div>
            </Link>
            <div className={classes.sortRow}>
              <span>
                {t('fiat.orderNo')}{' '}
                <span className={classes.orderNo} data-testid="p2p-record-no">
                  {o.orderNo}
                </span>
              </span>
              <Copyable value={o.orderNo} testId="p2p-copy-record-no" />
            </div>
          </div>
        ))}
      </div>
      <LoadMore query={orders} label={t('fiat.loadMore')} />
    </>
  );
}
