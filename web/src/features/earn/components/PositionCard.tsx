/**
 * One earn position: what went in, each payment and how many are paid, the whole schedule's
 * total, the next payment and the end; a lock-up that allows it can be redeemed early, after a
 * confirmation that states the penalty.
 */
import { Badge, Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoinDisplay, useCoinPrecision } from '../../../api/coins';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { Big } from '../../../lib/decimal';
import { formatDate, formatMoney, formatRate, isolate } from '../../../lib/format';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { useRedeem, type EarnPosition } from '../api';
import { earlyPenalty } from '../forms/estimate';
import { ConfirmSheet, Facts } from './ConfirmSheet';
import offer from '../../../ui/offer.module.css';

const STATUS_COLOR = { running: 'blue', ended: 'teal', redeemed: 'gray' } as const;

export function PositionCard({ position: p }: { position: EarnPosition }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const precision = useCoinPrecision();
  const display = useCoinDisplay();
  const redeem = useRedeem();
  const [asking, setAsking] = useState(false);
  const coinPlaces = precision(p.coin) ?? 8;
  const money = (v: string | Big, coin = p.coin) => formatMoney(v, display(coin), coin, locale);
  const pay = (v: string | Big) => money(v, p.payoutCoin);
  const running = p.status === 'running';
  const penalty = p.earlyPenaltyRate ? earlyPenalty(new Big(p.principal), p.earlyPenaltyRate, coinPlaces) : undefined;
  return (
    <div className={offer.card} data-testid="earn-position" data-kind={p.kind} data-status={p.status}>
      <div className={offer.head}>
        {p.kind === 'machine' ? (
          <span className={offer.name}>{t('earn.machineShare', { name: p.name })}</span>
        ) : (
          <span className={offer.name}>{t('earn.term', { coin: p.coin, count: p.periods * p.periodDays })}</span>
        )}
        <Badge size="sm" variant="light" color={STATUS_COLOR[p.status]} data-testid="earn-position-status">
          {t(`earn.status.${p.status}`)}
        </Badge>
      </div>
      <dl className={panel.facts}>
        <Facts label={t('earn.orderNumber')} value={<span data-server-text>{p.id}</span>} />
        {p.kind === 'machine' ? (
          <>
            <Facts label={t('earn.paidPrice')} value={money(p.price)} />
            <Facts label={t('earn.shares', { count: p.quantity ?? 1 })} value={<span data-testid="earn-position-shares">{p.quantity ?? 1}</span>} />
          </>
        ) : (
          <Facts label={t('earn.principal')} value={money(p.principal)} />
        )}
        <Facts label={t(p.kind === 'savings' ? 'earn.interestAtEnd' : 'earn.perDay')} value={pay(p.payout)} />
        <Facts label={t('earn.earned')} value={<span data-testid="earn-position-earned">{pay(p.earned)}</span>} />
        {/* Redeemed early: what came back, not what the whole schedule would have paid. */}
        {p.returned === undefined ? (
          <Facts label={t('earn.expected')} value={pay(p.total)} />
        ) : (
          <Facts label={t('earn.returned')} value={<span data-testid="earn-position-returned">{money(p.returned)}</span>} />
        )}
        {p.kind !== 'savings' && <Facts label={t('earn.paidDays')} value={isolate(t('earn.paidOf', { paid: p.paid, count: p.periods }))} />}
        {running && p.kind !== 'savings' && (
          <Facts label={t('earn.daysLeft')} value={<span data-testid="earn-days-left">{(p.periods - p.paid) * p.periodDays}</span>} />
        )}
        {running && p.nextAt !== undefined && <Facts label={t('earn.next')} value={formatDate(p.nextAt, 'dateTime', locale)} />}
        <Facts label={t('earn.start')} value={formatDate(p.startAt, 'dateTime', locale)} />
        <Facts label={t(running ? 'earn.ends' : 'earn.ended')} value={formatDate(p.redeemedAt ?? p.endAt, 'dateTime', locale)} />
        {p.penalty !== undefined && <Facts label={t('earn.penalty')} value={money(p.penalty)} />}
      </dl>
      {running && p.kind === 'lock' && penalty && (
        <Button variant="default" size="compact-sm" onClick={() => setAsking(true)} classNames={WRAP} data-testid="earn-redeem">
          {t('earn.redeem')}
        </Button>
      )}
      {asking && penalty && (
        <ConfirmSheet
          title={t('earn.redeem')}
          facts={[
            [t('earn.principal'), money(p.principal)],
            [t('earn.penaltyRate'), formatRate(p.earlyPenaltyRate!, locale)],
            [t('earn.penalty'), money(penalty)],
            [t('earn.youGetBack'), money(new Big(p.principal).minus(penalty))],
          ]}
          note={t('earn.redeemNote')}
          busy={redeem.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() => redeem.mutate({ id: p.id }, { onSettled: () => setAsking(false) })}
        />
      )}
    </div>
  );
}
