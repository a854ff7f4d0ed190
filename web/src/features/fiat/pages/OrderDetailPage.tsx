/**
 * One fiat order (/pages/legal/orderDetail?id=…, login), from either side: its order number (to
 * copy and quote), its status and, while
 * unpaid, the time left to pay; what is paid for what; the reference to write on the transfer; the
 * account to pay into (only while the order is open: once it ends, it is gone); and the steps this
 * side may take now, each confirmed first. It follows the order live; a finished order offers its
 * summary page.
 */
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatAmount, formatDate, isolate, exactMoney } from '../../../lib/format';
import { paths, withQuery } from '../../../lib/paths';
import { useServerNow } from '../../../api/serverNow';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { fiatPlaces, useOrder, useOrderAction, useOrderEvents, type P2pAction } from '../api';
import { OrderChat } from '../components/OrderChat';
import { ActionSheet } from '../components/ActionSheet';
import { Copyable } from '../components/Copyable';
import classes from '../components/fiat.module.css';

/** Minutes and seconds until `deadline` on the server's clock. */
function useTimeLeft(deadline: number, running: boolean): string {
  const now = useServerNow(running);
  if (now === undefined) return '--:--';
  const left = Math.max(0, Math.floor((deadline - now) / 1000));
  return `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
}

export default function OrderDetailPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const id = new URLSearchParams(useLocation().search).get('id') ?? '';
  useOrderEvents();
  const order = useOrder(id);
  const act = useOrderAction();
  const [asking, setAsking] = useState<P2pAction | null>(null);
  const o = order.data;
  const timeLeft = useTimeLeft(o?.deadline ?? 0, o?.status === 'waiting_payment');
  if (order.isError && !o) return <LoadRetry onRetry={() => void order.refetch()} />;
  if (!o) return <PageSkeleton variant="detail" rows={6} />;
  const places = fiatPlaces(o.fiat);
  const money = isolate(`${formatAmount(o.amount, places, locale)} ${o.fiat}`);
  const coin = exactMoney(o.quantity, o.coin, locale);
  const finished = o.status === 'completed' || o.status === 'cancelled';
  return (
    <div className={panel.page} data-testid="p2p-order" data-status={o.status}>
      <div className={`${panel.card} ${classes.status}`}>
        <Text fw={700} size="lg" data-testid="p2p-status">
          {t(`fiat.status.${o.status}`)}
        </Text>
        {o.status === 'waiting_payment' && (
          <>
            <Text size="sm" c="dimmed">
              {t(o.role === 'buyer' ? 'fiat.payWithin' : 'fiat.buyerPaysWithin')}
            </Text>
            <div className={classes.countdown} data-testid="p2p-countdown">
              {timeLeft}
            </div>
          </>
        )}
        {o.status !== 'waiting_payment' && (
          <Text size="sm" c="dimmed" data-testid="p2p-status-hint">
            {t(`fiat.hint.${o.status}`, { context: o.role })}
          </Text>
        )}
        {o.appeal && (
          <>
            <Text size="sm" data-testid="p2p-appeal">
              {t(`fiat.appeal.${o.appeal.status}`, { context: o.appeal.outcome })}
            </Text>
            {o.appeal.reason && (
              <Text size="sm" c="dimmed" data-testid="p2p-appeal-reason">
                {t('fiat.reason')}: <span data-server-text>{o.appeal.reason}</span>
              </Text>
            )}
          </>
        )}
      </div>
      <div className={panel.card}>
        <dl className={panel.facts}>
          <dt>{t('fiat.orderNo')}</dt>
          <dd>
            <span className={classes.orderNo} data-testid="p2p-order-no">
              {o.orderNo}
            </span>{' '}
            <Copyable value={o.orderNo} testId="p2p-copy-order-no" />
          </dd>
          <dt>{t(o.role === 'buyer' ? 'fiat.youPay' : 'fiat.youReceive')}</dt>
          <dd data-testid="p2p-amount">{money}</dd>
          <dt>{t(o.role === 'buyer' ? 'fiat.youGet' : 'fiat.youSell')}</dt>
          <dd data-testid="p2p-quantity">{coin}</dd>
          <dt>{t('fiat.price')}</dt>
          <dd>{isolate(`${formatAmount(o.price, places, locale)} ${o.fiat}`)}</dd>
          <dt>{t('fiat.counterparty')}</dt>
          <dd data-testid="p2p-counterparty" data-server-text>
            {o.counterparty}
          </dd>
          <dt>{t('fiat.reference')}</dt>
          <dd>
            <span data-testid="p2p-reference">{o.reference}</span> <Copyable value={o.reference} testId="p2p-copy-reference" />
          </dd>
          <dt>{t('fiat.orderTime')}</dt>
          <dd>{formatDate(o.createdAt, 'dateTime', locale)}</dd>
        </dl>
      </div>
      <div className={panel.card} data-testid="p2p-collection">
        <Text size="sm" fw={600}>
          {t(o.role === 'buyer' ? 'fiat.payTo' : 'fiat.paidTo')}
        </Text>
        {o.payment ? (
          <dl className={panel.facts}>
            <dt>{t('fiat.paymentMethod')}</dt>
            <dd>{t(`fiat.payment.${o.payment.type}`)}</dd>
            <dt>{t('fiat.payee')}</dt>
            <dd data-testid="p2p-payee" data-server-text>
              {o.payment.name}
            </dd>
            <dt>{t('fiat.account')}</dt>
            <dd>
              <span data-testid="p2p-account">{o.payment.account}</span> <Copyable value={o.payment.account} testId="p2p-copy-account" />
            </dd>
          </dl>
        ) : (
          <Text size="sm" c="dimmed" data-testid="p2p-collection-hidden">
            {t(o.status === 'cancelled' ? 'fiat.paymentHiddenCancelled' : 'fiat.paymentHiddenDone')}
          </Text>
        )}
      </div>
      <div className={classes.actions}>
        {o.actions.map((a) => (
          <Button
            key={a}
            onClick={() => setAsking(a)}
            variant={a === 'pay' || a === 'confirm' ? 'filled' : 'default'}
            color={a === 'cancel' || a === 'abnormal' ? 'red' : undefined}
            classNames={WRAP}
            data-testid={`p2p-action-${a}`}
          >
            {t(`fiat.action.${a}`)}
          </Button>
        ))}
        {finished && (
          <Button component={Link} to={withQuery(paths.legal.finished, { id: o.id })} variant="light" classNames={WRAP} data-testid="p2p-finished-link">
            {t('routes.finished')}
          </Button>
        )}
      </div>
      <OrderChat order={o} />
      {asking && (
        <ActionSheet
          action={asking}
          busy={act.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={(extra) => act.mutate({ id: o.id, action: asking, ...extra }, { onSettled: () => setAsking(null) })}
        />
      )}
    </div>
  );
}
