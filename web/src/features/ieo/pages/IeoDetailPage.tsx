/**
 * An IEO round (/pages/ieo/detail?id=…): its terms and times, the official website and white
 * paper, the time to its next state, and subscribing while it is open: the cost, what I may still
 * request, and how allocation works, before confirming.
 */
import { Anchor, Badge, Button, Text } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useCoinPrecision } from '../../../api/coins';
import { getToken } from '../../../api/client';
import { balanceOf, useWallet } from '../../../api/wallet';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { checkAmount } from '../../../lib/amount';
import { Big } from '../../../lib/decimal';
import { exactMoney, formatCompact, formatDate, formatMoney, formatRate } from '../../../lib/format';
import { paths, withRedirect } from '../../../lib/paths';
import { AmountInput } from '../../../ui/AmountInput';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { useConfirm } from '../../../ui/useConfirm';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { useIeoProject, useIeoSubscriptions, useSubscribe } from '../api';
import { Countdown } from '../components/Countdown';
import { demand, STATUS_COLOR } from '../components/ProjectCard';
import offer from '../../../ui/offer.module.css';
import { RiskNote } from '../../../ui/RiskNote';

export default function IeoDetailPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const navigate = useNavigate();
  const { search, pathname } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const project = useIeoProject(id);
  const mine = useIeoSubscriptions();
  const wallet = useWallet();
  const subscribe = useSubscribe();
  const precision = useCoinPrecision();
  const [ask, dialog] = useConfirm();
  const [typed, setTyped] = useState('');
  const p = project.data;
  if (project.isError && !p) return <LoadRetry onRetry={() => void project.refetch()} />;
  if (!p) return <PageSkeleton variant="detail" rows={6} />;
  const places = precision(p.coin) ?? 8;
  const already = (mine.data?.items ?? []).filter((s) => s.projectId === p.id).reduce((sum, s) => sum.plus(s.quantity), new Big(0));
  const room = new Big(p.maxQuantity).minus(already);
  const parsed = checkAmount(typed, places);
  const cost = parsed.amount?.times(p.price).round(6, Big.roundUp);
  const available = balanceOf(wallet.data, 'funds', p.payCoin)?.available;
  const problem = !parsed.amount
    ? parsed.problem === 'precision'
      ? t('ieo.tooPrecise')
      : t('ieo.enterQuantity')
    : parsed.amount.lt(p.minQuantity) || parsed.amount.gt(room)
      ? t('ieo.outOfRange', { min: exactMoney(p.minQuantity, p.coin, locale), max: exactMoney(room, p.coin, locale) })
      : available !== undefined && cost!.gt(available)
        ? t('ieo.moreThanFunds')
        : null;
  const submit = async () => {
    if (problem || !cost) return;
    if (
      !(await ask({
        message: t('ieo.confirm', { quantity: exactMoney(parsed.amount!, p.coin, locale), cost: formatMoney(cost, 2, p.payCoin, locale) }),
        confirmLabel: t('ieo.subscribe'),
        cancelLabel: t('dialog.notNow'),
      }))
    )
      return;
    subscribe.mutate(
      { projectId: p.id, quantity: typed },
      {
        onSuccess: () => {
          toast.success(t('ieo.subscribed'));
          navigate(paths.ieo.order);
        },
      },
    );
  };
  return (
    <div className={panel.page} data-testid="ieo-detail" data-status={p.status}>
      <div className={panel.card}>
        <div className={offer.head}>
          <span className={offer.name} data-server-text>
            {p.name}
          </span>
          <Badge size="sm" variant="light" color={STATUS_COLOR[p.status]} data-testid="ieo-status">
            {t(`ieo.status.${p.status}`)}
          </Badge>
        </div>
        {p.nextAt !== undefined && (
          <Text size="sm">
            <Countdown to={p.nextAt} label={t(p.status === 'warm_up' ? 'ieo.starts' : 'ieo.ends')} />
          </Text>
        )}
        <dl className={panel.facts}>
          <dt>{t('ieo.price')}</dt>
          <dd>{exactMoney(p.price, p.payCoin, locale)}</dd>
          <dt>{t('ieo.issuePrice')}</dt>
          <dd>{exactMoney(p.issuePrice, p.payCoin, locale)}</dd>
          <dt>{t('ieo.supply')}</dt>
          <dd>{exactMoney(p.supply, p.coin, locale)}</dd>
          <dt>{t('ieo.demand')}</dt>
          <dd data-testid="ieo-demand">{formatRate(demand(p), locale)}</dd>
          <dt>{t('ieo.marketValue')}</dt>
          <dd>{`${formatCompact(p.marketValue, locale)} ${p.payCoin}`}</dd>
          <dt>{t('ieo.bounds')}</dt>
          <dd>{`${exactMoney(p.minQuantity, p.coin, locale)} – ${exactMoney(p.maxQuantity, p.coin, locale)}`}</dd>
          <dt>{t('ieo.cycle')}</dt>
          <dd>{t('ieo.days', { count: p.cycleDays })}</dd>
          <dt>{t('ieo.start')}</dt>
          <dd>{formatDate(p.startAt, 'dateTime', locale)}</dd>
          <dt>{t('ieo.end')}</dt>
          <dd>{formatDate(p.endAt, 'dateTime', locale)}</dd>
          <dt>{t('ieo.listing')}</dt>
          <dd>{formatDate(p.listAt, 'dateTime', locale)}</dd>
        </dl>
        <Text size="sm">
          <Anchor href={p.website} target="_blank" rel="noopener noreferrer nofollow" data-testid="ieo-website">
            {t('ieo.website')}
          </Anchor>
          {' · '}
          <Anchor href={p.whitepaper} target="_blank" rel="noopener noreferrer nofollow">
            {t('ieo.whitepaper')}
          </Anchor>
        </Text>
      </div>
      <div className={panel.card}>
        <Text size="xs" c="dimmed">
          {t('ieo.allocationRule')}
        </Text>
        <RiskNote text={t('ieo.risks')} />
        {p.status === 'subscribing' &&
          (getToken() ? (
            <>
              <AmountInput
                label={t('ieo.quantity', { coin: p.coin })}
                value={typed}
                onValueChange={setTyped}
                error={typed ? problem : null}
                data-testid="ieo-quantity"
              />
              <Text size="xs" c="dimmed" data-testid="ieo-available">
                {t('ieo.available', { amount: available !== undefined ? formatMoney(available, 2, p.payCoin, locale) : '--' })}
              </Text>
              {cost && !problem && (
                <dl className={panel.facts} data-testid="ieo-cost">
                  <dt>{t('ieo.cost')}</dt>
                  <dd>{formatMoney(cost, 2, p.payCoin, locale)}</dd>
                </dl>
              )}
              <Button onClick={() => void submit()} disabled={Boolean(problem)} loading={subscribe.isPending} classNames={WRAP} data-testid="ieo-subscribe">
                {t('ieo.subscribe')}
              </Button>
            </>
          ) : (
            <Button component={Link} to={withRedirect(paths.mine.login, `${pathname}${search}`)} variant="light" classNames={WRAP}>
              {t('ieo.loginToSubscribe')}
            </Button>
          ))}
      </div>
      {dialog}
    </div>
  );
}
