/** The open orders of a symbol on the trade page (the first 10), each cancellable after a confirmation. */
import { lazy, startTransition, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useOrders } from '../api';
import { useCancelFlow } from './useCancelFlow';
import { OrderCard } from './OrderCard';
import { useLazySheet } from '../../../ui/useLazySheet';
import classes from './trade.module.css';

// Loaded when an order's detail is first opened (in a transition: see ui/useLazySheet): the trade
// page's first download has no Drawer.
const OrderDetailSheet = lazy(() => import('./OrderDetailSheet').then((m) => ({ default: m.OrderDetailSheet })));

export function OpenOrders({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const { data, isPending } = useOrders('open', symbol);
  const { onCancel, cancellingId, dialog } = useCancelFlow();
  const orders = data?.pages.flatMap((p) => p.items) ?? [];
  // The order whose detail is open, kept live from the list (null when it left the list).
  const [detailId, setDetailId] = useState<string | null>(null);
  const detail = orders.find((o) => o.id === detailId) ?? null;
  const sheet = useLazySheet(detail !== null);
  return (
    <section className={classes.section} data-testid="open-orders">
      <div className={classes.sectionHead}>
        <h2 className={classes.sectionTitle}>
          {t('trade.openOrders')} ({data?.pages[0]?.total ?? 0})
        </h2>
        <Link to={paths.trade.entrust} className={classes.link} data-testid="all-orders">
          {t('trade.allOrders')}
        </Link>
      </div>
      {/* While they load, the room of the "no open orders" line, so recent trades below do not jump. */}
      {isPending ? (
        <p className={classes.noOrders} aria-hidden>
          {'\u00a0'}
        </p>
      ) : orders.length ? (
        orders
          .slice(0, 10)
          .map((o) => (
            <OrderCard key={o.id} order={o} onCancel={onCancel} cancelling={cancellingId === o.id} onOpen={(x) => startTransition(() => setDetailId(x.id))} />
          ))
      ) : (
        <p className={classes.noOrders}>{t('trade.noOrders')}</p>
      )}
      {dialog}
      <Suspense fallback={null}>{sheet.mount && <OrderDetailSheet order={detail} onClose={() => setDetailId(null)} />}</Suspense>
    </section>
  );
}
