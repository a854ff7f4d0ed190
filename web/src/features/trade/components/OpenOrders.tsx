/** The open orders of a symbol on the trade page (the first 10), each cancellable after a confirmation. */
import { Anchor, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../../ui/toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useConfirm } from '../../../ui/useConfirm';
import { useCancelOrder, useOrders, type Order } from '../api';
import { OrderCard } from './OrderCard';
import { OrderDetailSheet } from './OrderDetailSheet';
import classes from './trade.module.css';

export function OpenOrders({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const { data, isPending } = useOrders('open', symbol);
  const cancel = useCancelOrder();
  const [ask, dialog] = useConfirm();
  const orders = data?.pages.flatMap((p) => p.items) ?? [];
  // The order whose detail is open, kept live from the list (null when it left the list).
  const [detailId, setDetailId] = useState<string | null>(null);
  const detail = orders.find((o) => o.id === detailId) ?? null;
  const onCancel = async (order: Order) => {
    if (cancel.isPending) return;
    if (
      await ask({
        message: t('trade.cancelConfirm', { symbol: order.symbol }),
        confirmLabel: t('dialog.cancelOrder'),
        cancelLabel: t('dialog.keepOrder'),
        destructive: true,
      })
    ) {
      cancel.mutate(order.id, { onSuccess: () => toast.success(t('trade.cancelled')) });
    }
  };
  return (
    <section className={classes.section} data-testid="open-orders">
      <Group justify="space-between">
        <Text fw={600}>
          {t('trade.openOrders')} ({data?.pages[0]?.total ?? 0})
        </Text>
        <Anchor component={Link} to={paths.trade.entrust} size="sm" data-testid="all-orders">
          {t('trade.allOrders')}
        </Anchor>
      </Group>
      {isPending ? null : orders.length ? (
        orders
          .slice(0, 10)
          .map((o) => (
            <OrderCard key={o.id} order={o} onCancel={onCancel} cancelling={cancel.isPending && cancel.variables === o.id} onOpen={(x) => setDetailId(x.id)} />
          ))
      ) : (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t('trade.noOrders')}
        </Text>
      )}
      {dialog}
      <OrderDetailSheet order={detail} onClose={() => setDetailId(null)} />
    </section>
  );
}
