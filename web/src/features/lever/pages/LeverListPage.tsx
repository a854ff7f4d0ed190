/**
 * Lever positions (login): the account's risk rate and total P/L live at the top (with a warning
 * below twice the liquidation line), then every open position, each with its TP/SL sheet, its
 * close sheet (all or part, at market or as a close order at a limit price; CloseSheet) and its
 * close order's cancel, and a one-click close of all of them after one confirmation. Live
 * through the `leverOrder` / `leverAccount` events and the tickers.
 */
import { Button, Group, Text } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { ChartUpIcon } from '../../../ui/emptyIcons';
import { useConfirm } from '../../../ui/useConfirm';
import { ordersOf, useCancelCloseOrder, useCloseAllLever, useLeverAccount, useLeverEvents, useLeverOrders, useLeverSymbols, usePricePlaces } from '../api';
import { AccountPanel } from '../components/AccountPanel';
import { CloseSheet } from '../components/CloseSheet';
import { PositionList } from '../components/PositionList';
import { TpSlSheet } from '../components/TpSlSheet';
import { LoadMore } from '../../../ui/LoadMore';
import { WRAP } from '../../../ui/wrap';
import classes from '../components/lever.module.css';
import type { LeverOrder } from '../forms/leverMath';

export default function LeverListPage() {
  const { t } = useTranslation();
  useLeverEvents();
  const account = useLeverAccount();
  const positions = useLeverOrders('open');
  const places = usePricePlaces();
  const { data: symbols } = useLeverSymbols();
  const cancelCloseOrder = useCancelCloseOrder();
  const closeAll = useCloseAllLever();
  const [ask, dialog] = useConfirm();
  const [tpsl, setTpsl] = useState<LeverOrder | null>(null);
  // The position whose close sheet is open (all or part, at market or a limit).
  const [closing, setClosing] = useState<LeverOrder | null>(null);
  // One callback for every card across renders, so that the memoised cards do not render again for a new one.
  const onCancelRef = useRef<(order: LeverOrder) => void>(() => {});
  const onCancelCloseOrder = useCallback((order: LeverOrder) => onCancelRef.current(order), []);

  if ((account.isError && !account.data) || (positions.isError && !positions.data)) {
    return (
      <LoadRetry
        onRetry={() => {
          void account.refetch();
          void positions.refetch();
        }}
      />
    );
  }
  if (!account.data || !positions.data) return <PageSkeleton variant="cards" rows={3} />;
  const list = ordersOf(positions.data);
  const total = positions.data.pages[0]?.total ?? list.length;

  onCancelRef.current = (order: LeverOrder) => {
    if (cancelCloseOrder.isPending) return;
    cancelCloseOrder.mutate(order.id, { onSuccess: () => toast.success(t('lever.closeOrderCancelled')) });
  };
  const onCloseAll = async () => {
    if (closeAll.isPending) return;
    if (
      !(await ask({
        message: t('lever.closeAllConfirm', { count: total }),
        confirmLabel: t('lever.closeAll'),
        cancelLabel: t('dialog.keepPositions'),
        destructive: true,
      }))
    )
      return;
    closeAll.mutate(undefined, { onSuccess: () => toast.success(t('lever.allClosed')) });
  };

  return (
    <div className={classes.page} data-testid="lever-positions">
      <AccountPanel account={account.data} positions={list} complete={!positions.hasNextPage} />
      <Group justify="space-between" gap={8}>
        <Text fw={600}>{t('lever.positionsCount', { count: total })}</Text>
        {list.length > 0 && (
          <Button
            size="compact-sm"
            color="red"
            variant="filled"
            onClick={() => void onCloseAll()}
            loading={closeAll.isPending}
            classNames={WRAP}
            data-testid="lever-close-all"
          >
            {t('lever.closeAll')}
          </Button>
        )}
      </Group>
      {list.length ? (
        <PositionList
          positions={list}
          places={places}
          onTpSl={setTpsl}
          onClose={setClosing}
          onCancelCloseOrder={onCancelCloseOrder}
          closing={() => closeAll.isPending}
        />
      ) : (
        <EmptyState
          testId="lever-no-positions"
          icon={<ChartUpIcon />}
          title={t('empty.leverPositions.title')}
          hint={t('empty.leverPositions.hint')}
          action={{ label: t('empty.leverPositions.action'), to: paths.lever.lever }}
        />
      )}
      <LoadMore query={positions} label={t('lever.loadMore')} />
      <Button component={Link} to={paths.lever.orderList} variant="default" classNames={WRAP} data-testid="lever-orders-link">
        {t('lever.delegationsAndHistory')}
      </Button>
      <TpSlSheet order={tpsl} pricePrecision={tpsl ? places(tpsl.symbol) : 2} onClose={() => setTpsl(null)} />
      <CloseSheet
        order={closing}
        terms={symbols?.find((s) => s.symbol === closing?.symbol)}
        account={account.data}
        positions={positions.hasNextPage ? undefined : list}
        onClose={() => setClosing(null)}
      />
      {dialog}
    </div>
  );
}
