/** The end of a fiat order (/pages/legal/finished?id=…, login): what came of it, and where to go next. */
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatAmount, formatDate, isolate, exactMoney } from '../../../lib/format';
import { paths, withQuery } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { fiatPlaces, useOrder } from '../api';

export default function FinishedPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const id = new URLSearchParams(useLocation().search).get('id') ?? '';
  const order = useOrder(id);
  const o = order.data;
  if (order.isError && !o) return <LoadRetry onRetry={() => void order.refetch()} />;
  if (!o) return <PageSkeleton variant="detail" rows={4} />;
  const coin = exactMoney(o.quantity, o.coin, locale);
  const money = isolate(`${formatAmount(o.amount, fiatPlaces(o.fiat), locale)} ${o.fiat}`);
  const done = o.status === 'completed';
  const open = !done && o.status !== 'cancelled';
  return (
    <div className={panel.page} data-testid="p2p-finished" data-status={o.status}>
      <div className={panel.card}>
        <Text fw={700} size="xl">
          {t(`fiat.status.${o.status}`)}
        </Text>
        <Text data-testid="p2p-finished-summary">
          {open
            ? t('fiat.stillOpen')
            : done
              ? t(o.role === 'buyer' ? 'fiat.doneBuyer' : 'fiat.doneSeller', { coin, money })
              : t('fiat.cancelledSummary', { coin, money })}
        </Text>
        {o.finishedAt !== undefined && (
          <Text size="sm" c="dimmed">
            {formatDate(o.finishedAt, 'dateTimeLong', locale)}
          </Text>
        )}
      </div>
      {done && o.role === 'buyer' && (
        <Button component={Link} to={withQuery(paths.legal.transfer, { from: 'fiat', to: 'funds', coin: o.coin })} classNames={WRAP} data-testid="p2p-to-funds">
          {t('fiat.moveToFunds')}
        </Button>
      )}
      <Button component={Link} to={withQuery(paths.legal.orderDetail, { id: o.id })} variant="default" classNames={WRAP}>
        {t('routes.orderDetail')}
      </Button>
      <Button component={Link} to={paths.legal.legal} variant="subtle" classNames={WRAP} data-testid="p2p-back-to-market">
        {t('routes.legal')}
      </Button>
    </div>
  );
}
