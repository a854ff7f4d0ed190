/**
 * The user's spot orders: current (open), all and history tabs, page by page; open orders can be
 * cancelled after a confirmation. Live through the `order` event.
 */
import { LoadMore } from '../../../ui/LoadMore';
import { Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { paths } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { useOrderEvents, useOrders, type OrderFilter } from '../api';
import { useCancelFlow } from '../components/useCancelFlow';
import { OrderCard } from '../components/OrderCard';
import { OrderDetailSheet } from '../components/OrderDetailSheet';

const TABS: OrderFilter[] = ['open', 'all', 'history'];

export default function EntrustPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<OrderFilter>('open');
  useOrderEvents();
  return (
    <Tabs value={tab} onChange={(v) => v && setTab(v as OrderFilter)} keepMounted={false}>
      <Tabs.List grow>
        {TABS.map((k) => (
          <Tabs.Tab key={k} value={k} data-testid={`entrust-tab-${k}`}>
            {t(`trade.tabs.${k}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TABS.map((k) => (
        <Tabs.Panel key={k} value={k}>
          <OrderList status={k} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function OrderList({ status }: { status: OrderFilter }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useOrders(status);
  const { onCancel, cancellingId, dialog } = useCancelFlow();
  const [detailId, setDetailId] = useState<string | null>(null);
  if (isPending) return <PageSkeleton variant="orderRows" />;
  if (isError && !data) return <LoadRetry onRetry={() => void refetch()} />;
  const orders = data.pages.flatMap((p) => p.items);
  return (
    <Stack gap={0} px="md" pb="md" data-testid="entrust-list">
      {orders.length ? (
        orders.map((o) => (
          <OrderCard
            key={o.id}
            order={o}
            onCancel={o.status === 'pending' ? onCancel : undefined}
            cancelling={cancellingId === o.id}
            onOpen={(x) => setDetailId(x.id)}
          />
        ))
      ) : (
        <EmptyState
          testId="orders-empty"
          title={t(status === 'open' ? 'empty.spotOpen.title' : 'empty.spotOrders.title')}
          hint={t(status === 'open' ? 'empty.spotOpen.hint' : 'empty.spotOrders.hint')}
          action={{ label: t('empty.spotOrders.action'), to: paths.trade.trade }}
        />
      )}
      <LoadMore query={{ hasNextPage, isFetchingNextPage, fetchNextPage }} label={t('trade.loadMore')} />
      {dialog}
      <OrderDetailSheet order={orders.find((o) => o.id === detailId) ?? null} onClose={() => setDetailId(null)} />
    </Stack>
  );
}
