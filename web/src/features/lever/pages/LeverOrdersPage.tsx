/**
 * The user's lever delegations and history (login; ?tab=delegating|history): delegations can be
 * cancelled after a confirmation and their TP/SL changed; history lists closed positions (open and
 * close price, realized P/L, fees, overnight fees, why they closed) and cancelled delegations.
 * Page by page ("load more"), live through the `leverOrder` event.
 */
import { Stack, Tabs } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { paths } from '../../../lib/paths';
import { useConfirm } from '../../../ui/useConfirm';
import { ordersOf, useCancelLever, useLeverEvents, useLeverOrders, usePricePlaces, type LeverFilter } from '../api';
import { LeverOrderCard } from '../components/LeverOrderCard';
import { TpSlSheet } from '../components/TpSlSheet';
import { LoadMore } from '../../../ui/LoadMore';
import classes from '../components/lever.module.css';
import type { LeverOrder } from '../forms/leverMath';

const TABS = ['delegating', 'history'] as const satisfies readonly LeverFilter[];
type Tab = (typeof TABS)[number];

export default function LeverOrdersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'history' ? 'history' : 'delegating';
  useLeverEvents();
  return (
    <Tabs value={tab} onChange={(v) => v && setParams({ tab: v }, { replace: true })} keepMounted={false}>
      <Tabs.List grow>
        {TABS.map((k) => (
          <Tabs.Tab key={k} value={k} data-testid={`lever-tab-${k}`}>
            {t(`lever.tabs.${k}`)}
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

function OrderList({ status }: { status: Tab }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useLeverOrders(status);
  const cancel = useCancelLever();
  const places = usePricePlaces();
  const [ask, dialog] = useConfirm();
  const [tpsl, setTpsl] = useState<LeverOrder | null>(null);
  if (isPending) return <PageSkeleton variant="orders" />;
  if (isError && !data) return <LoadRetry onRetry={() => void refetch()} />;
  const orders = ordersOf(data);
  const onCancel = async (order: LeverOrder) => {
    if (cancel.isPending) return;
    if (
      await ask({
        message: t('lever.cancelConfirm', { symbol: order.symbol }),
        confirmLabel: t('dialog.cancelDelegation'),
        cancelLabel: t('dialog.keepDelegation'),
        destructive: true,
      })
    ) {
      cancel.mutate(order.id, { onSuccess: () => toast.success(t('lever.cancelled')) });
    }
  };
  return (
    <div className={classes.page} data-testid="lever-order-list" data-status={status}>
      {orders.length ? (
        <Stack gap={10}>
          {orders.map((o) => (
            <LeverOrderCard
              key={o.id}
              order={o}
              pricePrecision={places(o.symbol)}
              onCancel={o.status === 'delegating' ? (x) => void onCancel(x) : undefined}
              onTpSl={o.status === 'delegating' ? setTpsl : undefined}
              cancelling={cancel.isPending && cancel.variables === o.id}
            />
          ))}
        </Stack>
      ) : (
        <EmptyState
          testId="lever-no-orders"
          title={t(status === 'delegating' ? 'empty.leverDelegations.title' : 'empty.leverHistory.title')}
          hint={t(status === 'delegating' ? 'empty.leverDelegations.hint' : 'empty.leverHistory.hint')}
          action={{ label: t('empty.leverPositions.action'), to: paths.lever.lever }}
        />
      )}
      <LoadMore query={{ hasNextPage, isFetchingNextPage, fetchNextPage }} label={t('lever.loadMore')} />
      <TpSlSheet order={tpsl} pricePrecision={tpsl ? places(tpsl.symbol) : 2} onClose={() => setTpsl(null)} />
      {dialog}
    </div>
  );
}
