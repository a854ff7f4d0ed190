/**
 * Lock-up mining (/pages/lockming/index): the products (daily yield, days, bounds, early
 * redemption and its penalty, open or not), and locking an amount from the funds account with the
 * daily payment and the total shown before confirming. Links to the machine market and my mining.
 */
import { Badge, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { getToken } from '../../../api/client';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { exactMoney, formatDate, formatMoney, formatRate } from '../../../lib/format';
import { paths, withRedirect } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { useLock, useLockProducts, type LockProduct } from '../api';
import { AmountForm } from '../components/AmountForm';
import type { Fact } from '../components/ConfirmSheet';
import offer from '../../../ui/offer.module.css';
import { lockEstimate } from '../forms/estimate';
import { RiskNote } from '../../../ui/RiskNote';

export default function LockPage() {
  const { t } = useTranslation();
  const products = useLockProducts();
  const [chosen, setChosen] = useState<string | null>(null);
  if (products.isError && !products.data) return <LoadRetry onRetry={() => void products.refetch()} />;
  if (!products.data) return <PageSkeleton variant="products" rows={3} />;
  return (
    <div className={panel.page} data-testid="earn-lock">
      <div className={offer.links}>
        <Button component={Link} to={paths.lockming.lockmingindex} variant="light" size="compact-sm" classNames={WRAP} data-testid="earn-to-machines">
          {t('routes.lockmingMarket')}
        </Button>
        <Button component={Link} to={paths.lockming.list} variant="default" size="compact-sm" classNames={WRAP} data-testid="earn-to-mine">
          {t('routes.lockmingList')}
        </Button>
      </div>
      <Text size="xs" c="dimmed">
        {t('earn.lockIntro')}
      </Text>
      <RiskNote text={t('earn.lockRisks')} />
      <div className={offer.list}>
        {products.data.map((p) => (
          <Product key={p.id} product={p} open={chosen === p.id} onChoose={() => setChosen(chosen === p.id ? null : p.id)} />
        ))}
      </div>
    </div>
  );
}

function Product({ product: p, open, onChoose }: { product: LockProduct; open: boolean; onChoose: () => void }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const lock = useLock();
  const taking = p.status === 'in_progress';
  return (
    <div className={`${offer.card} ${open ? offer.selected : ''}`} data-testid="earn-lock-product" data-id={p.id} data-status={p.status}>
      <div className={offer.head}>
        <span className={offer.name}>{t('earn.term', { coin: p.coin, count: p.days })}</span>
        <Badge size="sm" variant="light" color={taking ? 'teal' : 'gray'}>
          {t(`earn.productStatus.${p.status}`)}
        </Badge>
      </div>
      <div className={`${offer.figure} ${offer.up}`}>{formatRate(p.dailyRate, locale)}</div>
      <div className={offer.line}>{t('earn.dailyYield')}</div>
      <div className={offer.line} data-testid="earn-apr">
        {t('earn.apr', { rate: formatRate(p.apr, locale) })}
      </div>
      <div className={offer.line}>{t('earn.bounds', { min: exactMoney(p.minAmount, p.coin, locale), max: exactMoney(p.maxAmount, p.coin, locale) })}</div>
      <div className={offer.line} data-testid="earn-early">
        {p.earlyPenaltyRate ? t('earn.earlyAllowed', { rate: formatRate(p.earlyPenaltyRate, locale) }) : t('earn.earlyNot')}
      </div>
      {p.status === 'not_started' && <div className={offer.line}>{t('earn.opensAt', { time: formatDate(p.opensAt, 'dateTime', locale) })}</div>}
      {taking &&
        (getToken() ? (
          <Button variant={open ? 'default' : 'filled'} onClick={onChoose} classNames={WRAP} data-testid="earn-choose">
            {t(open ? 'common.cancel' : 'earn.lock')}
          </Button>
        ) : (
          <Button component={Link} to={withRedirect(paths.mine.login, paths.lockming.index)} variant="light" classNames={WRAP}>
            {t('earn.loginToStart')}
          </Button>
        ))}
      {open && (
        <AmountForm
          coin={p.coin}
          min={p.minAmount}
          max={p.maxAmount}
          title={t('earn.lockTitle', { coin: p.coin, count: p.days })}
          submitLabel={t('earn.lock')}
          note={p.earlyPenaltyRate ? t('earn.earlyAllowed', { rate: formatRate(p.earlyPenaltyRate, locale) }) : t('earn.earlyNot')}
          busy={lock.isPending}
          estimate={(amount, places, shown) => {
            const e = lockEstimate(amount, p.dailyRate, p.days, places, p.earlyPenaltyRate);
            const facts: Fact[] = [
              [t('earn.perDay'), formatMoney(e.daily, shown, p.coin, locale)],
              [t('earn.expectedTotal', { count: p.days }), formatMoney(e.total, shown, p.coin, locale)],
            ];
            if (e.penalty) facts.push([t('earn.penaltyIfEarly'), formatMoney(e.penalty, shown, p.coin, locale)]);
            return facts;
          }}
          onSubmit={(amount) => lock.mutateAsync({ productId: p.id, amount })}
        />
      )}
    </div>
  );
}
