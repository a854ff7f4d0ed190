/**
 * Lever positions (login): the account's risk rate and total P/L live at the top (with a warning
 * below twice the liquidation line), then every open position, each with its TP/SL sheet and a
 * close after a confirmation, and a one-click close of all of them after one confirmation. Live
 * through the `leverOrder` / `leverAccount` events and the tickers.
 */
import { Button, Group, Text } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { paths } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { ChartUpIcon } from '../../../ui/emptyIcons';
import { useConfirm } from '../../../ui/useConfirm';
import { ordersOf, useCloseAllLever, useCloseLever, useLeverAccount, useLeverEvents, useLeverOrders, usePricePlaces } from '../api';
import { AccountPanel } from '../components/AccountPanel';
import { signedUsdt } from '../components/display';
import { PositionList } from '../components/PositionList';
import { TpSlSheet } from '../components/TpSlSheet';
import { LoadMore } from '../../../ui/LoadMore';
import { WRAP } from '../../../ui/wrap';
import classes from '../components/lever.module.css';
import type { LeverOrder } from '../forms/leverMath';

export default function LeverListPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  useLeverEvents();
  const account = useLeverAccount();
  const positions = useLeverOrders('open');
  const places = usePricePlaces();
  const close = useCloseLever();
  const closeAll = useCloseAllLever();
  const [ask, dialog] = useConfirm();
  const [tpsl, setTpsl] = useState<LeverOrder | null>(null);
  // One callback for every card across renders, so that the memoised cards do not render again for a new one.
  const onCloseRef = useRef<(order: LeverOrder) => Promise<void>>(async () => {});
  const onCloseCard = useCallback((order: LeverOrder) => void onCloseRef.current(order), []);

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

  const onClose = async (order: LeverOrder) => {
    if (close.isPending || closeAll.isPending) return;
    if (
      !(await ask({
        message: t('lever.closeConfirm', { symbol: order.symbol }),
        confirmLabel: t('dialog.closePosition'),
        cancelLabel: t('dialog.keepPosition'),
        destructive: true,
      }))
    )
      return;
    close.mutate(order.id, {
      onSuccess: (done) => toast.success(t('lever.closed', { pnl: signedUsdt(done.realizedPnl ?? '0', locale) })),
    });
  };
  onCloseRef.current = onClose;
  const onCloseAll = async () => {
    if (close.isPending || closeAll.isPending) return;
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
          onClose={onCloseCard}
          closing={(o) => (close.isPending && close.variables === o.id) || closeAll.isPending}
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
      {dialog}
    </div>
  );
}
