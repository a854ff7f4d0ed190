/** One IEO round in the list: its state, price against the issue price, how much of the supply is requested, and the time to its next state. */
import { Badge, Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { Big } from '../../../lib/decimal';
import { exactMoney, formatRate } from '../../../lib/format';
import { paths, withQuery } from '../../../lib/paths';
import type { IeoProject } from '../api';
import { Countdown } from './Countdown';
import offer from '../../../ui/offer.module.css';

export const STATUS_COLOR = { warm_up: 'yellow', subscribing: 'teal', ended: 'gray' } as const;

/** Requested ÷ supply (over 1 when oversubscribed), truncated to 4 decimals. */
export const demand = (p: IeoProject) => new Big(p.requested).div(p.supply).round(4, Big.roundDown);

export function ProjectCard({ project: p }: { project: IeoProject }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const ratio = demand(p);
  return (
    <Link to={withQuery(paths.ieo.detail, { id: p.id })} className={offer.card} data-testid="ieo-project" data-id={p.id} data-status={p.status}>
      <div className={offer.head}>
        <span className={offer.name} data-server-text>
          {p.name}
        </span>
        <Badge size="sm" variant="light" color={STATUS_COLOR[p.status]}>
          {t(`ieo.status.${p.status}`)}
        </Badge>
      </div>
      <div className={offer.figure}>{exactMoney(p.price, p.payCoin, locale)}</div>
      <div className={offer.line}>{t('ieo.perCoin', { coin: p.coin, issue: exactMoney(p.issuePrice, p.payCoin, locale) })}</div>
      <Progress value={Math.min(100, Number(ratio.times(100)))} size="sm" aria-label={t('ieo.demand')} />
      <div className={offer.line}>{t('ieo.requestedOf', { pct: formatRate(ratio, locale), supply: exactMoney(p.supply, p.coin, locale) })}</div>
      {p.nextAt !== undefined && (
        <div className={offer.line}>
          <Countdown to={p.nextAt} label={t(p.status === 'warm_up' ? 'ieo.starts' : 'ieo.ends')} />
        </div>
      )}
    </Link>
  );
}
