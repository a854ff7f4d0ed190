/**
 * Cancelling an order from a list (open orders under the form, the orders page): asks first, with
 * buttons that say what they do ("Keep order" / "Cancel order"), then cancels and says so.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../ui/toast';
import { useConfirm } from '../../../ui/useConfirm';
import { useCancelOrder, type Order } from '../api';

export function useCancelFlow(): { onCancel: (order: Order) => Promise<void>; cancellingId: string | null; dialog: ReactNode } {
  const { t } = useTranslation();
  const cancel = useCancelOrder();
  const [ask, dialog] = useConfirm();
  const onCancel = async (order: Order) => {
    if (cancel.isPending) return;
    const yes = await ask({
      message: t('trade.cancelConfirm', { symbol: order.symbol }),
      confirmLabel: t('dialog.cancelOrder'),
      cancelLabel: t('dialog.keepOrder'),
      destructive: true,
    });
    if (yes) cancel.mutate(order.id, { onSuccess: () => toast.success(t('trade.cancelled')) });
  };
  return { onCancel, cancellingId: cancel.isPending ? (cancel.variables ?? null) : null, dialog };
}
