/**
 * A mining machine (/pages/lockming/lockmingdetail?id=…): its terms, and buying shares from the
 * funds account: the cost, the daily output and the cycle's total shown before confirming; what
 * is left in stock; the funds account's balance with a way to move money in.
 */
import { Anchor, Badge, Button, Text, TextInput } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { getToken } from '../../../api/client';
import { useCoinDisplay } from '../../../api/coins';
import { balanceOf, useWallet } from '../../../api/wallet';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatMoney } from '../../../lib/format';
import { latinDigits } from '../../../lib/localNumber';
import { paths, withQuery, withRedirect } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { useBuyMachine, useMachines } from '../api';
import { ConfirmSheet, Facts } from '../components/ConfirmSheet';
import offer from '../../../ui/offer.module.css';
import { MAX_SHARES, machineEstimate } from '../forms/estimate';

export default function MachineDetailPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const navigate = useNavigate();
  const { search, pathname } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const machines = useMachines();
  const wallet = useWallet();
  const buy = useBuyMachine();
  const display = useCoinDisplay();
  const [typed, setTyped] = useState('1');
  const [asking, setAsking] = useState(false);
  if (machines.isError && !machines.data) return <LoadRetry onRetry={() => void machines.refetch()} />;
  if (!machines.data) return <PageSkeleton variant="detail" rows={5} />;
  const m = machines.data.find((x) => x.id === id);
  if (!m)
    return (
      <div className={panel.page}>
        <Text>{t('earn.noMachine')}</Text>
        <Button component={Link} to={paths.lockming.lockmingindex} classNames={WRAP}>
          {t('routes.lockmingMarket')}
        </Button>
      </div>
    );
  const quantity = /^\d{1,3}$/.test(typed) ? Number(typed) : 0;
  const e = machineEstimate(m.price, m.dailyOutput, m.days, Math.max(1, quantity));
  const available = balanceOf(wallet.data, 'funds', m.coin)?.available;
  const problem =
    quantity < 1 || quantity > MAX_SHARES
      ? t('earn.sharesRange', { max: Math.min(MAX_SHARES, m.stock) })
      : quantity > m.stock
        ? t('apiErrors.earn_stock_short', { stock: m.stock })
        : available !== undefined && e.cost.gt(available)
          ? t('earn.moreThanFunds')
          : null;
  const output = (v: Parameters<typeof formatMoney>[0]) => formatMoney(v, display(m.outputCoin), m.outputCoin, locale);
  const facts: Array<[string, string]> = [
    [t('earn.cost'), formatMoney(e.cost, 2, m.coin, locale)],
    [t('earn.perDay'), output(e.daily)],
    [t('earn.expectedTotal', { count: m.days }), output(e.total)],
  ];
  return (
    <div className={panel.page} data-testid="earn-machine-detail">
      <div className={panel.card}>
        <div className={offer.head}>
          <span className={offer.name}>{t('earn.machineShare', { name: m.name })}</span>
          <Badge size="sm" variant="light" color={m.status === 'on_sale' ? 'teal' : 'gray'} data-testid="earn-stock">
            {m.status === 'on_sale' ? t('earn.stock', { count: m.stock }) : t('earn.soldOut')}
          </Badge>
        </div>
        <dl className={panel.facts}>
          <Facts label={t('earn.price')} value={formatMoney(m.price, 2, m.coin, locale)} />
          <Facts label={t('earn.outputDaily')} value={output(m.dailyOutput)} />
          <Facts label={t('earn.cycle')} value={t('earn.days', { count: m.days })} />
        </dl>
        <Text size="xs" c="dimmed">
          {t('earn.machineNote')}
        </Text>
      </div>
      {m.status === 'on_sale' &&
        (getToken() ? (
          <div className={panel.card}>
            <TextInput
              label={t('earn.shares', { count: quantity || 1 })}
              value={typed}
              onChange={(ev) => setTyped(latinDigits(ev.currentTarget.value).replace(/\D/g, '').slice(0, 3))}
              inputMode="numeric"
              error={typed ? problem : null}
              data-testid="earn-quantity"
            />
            <Text size="xs" c="dimmed" data-testid="earn-available">
              {t('earn.available', { amount: available !== undefined ? formatMoney(available, 2, m.coin, locale) : '--' })} ·{' '}
              <Anchor component={Link} to={withQuery(paths.assets.transfer, { to: 'funds', coin: m.coin })} size="xs">
                {t('earn.transferIn')}
              </Anchor>
            </Text>
            {!problem && (
              <dl className={panel.facts} data-testid="earn-estimate">
                {facts.map(([label, value]) => (
                  <Facts key={label} label={label} value={value} />
                ))}
              </dl>
            )}
            <Button onClick={() => setAsking(true)} disabled={Boolean(problem)} classNames={WRAP} data-testid="earn-submit">
              {t('earn.buy')}
            </Button>
          </div>
        ) : (
          <Button component={Link} to={withRedirect(paths.mine.login, `${pathname}${search}`)} variant="light" classNames={WRAP}>
            {t('earn.loginToStart')}
          </Button>
        ))}
      {asking && (
        <ConfirmSheet
          title={t('earn.buyTitle', { name: m.name })}
          facts={[[t('earn.shares', { count: quantity }), String(quantity)], ...facts]}
          note={t('earn.machineNote')}
          busy={buy.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            buy.mutate(
              { machineId: m.id, quantity },
              {
                onSuccess: () => {
                  toast.success(t('earn.done'));
                  navigate(withQuery(paths.lockming.list, { kind: 'machine' }));
                },
                onSettled: () => setAsking(false),
              },
            )
          }
        />
      )}
    </div>
  );
}
