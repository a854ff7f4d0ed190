/**
 * Coin savings (/pages/coin/index): fixed-term products per coin (annual rate, days, bounds, the
 * total deposited and mine), and a deposit with its interest and maturity shown before confirming;
 * History opens my deposits.
 */
import { Badge, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { getToken } from '../../../api/client';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { Big } from '../../../lib/decimal';
import { exactMoney, formatCompact, formatMoney, formatRate, isolate } from '../../../lib/format';
import { paths, withRedirect } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { useDeposit, usePositions, useSavingsProducts } from '../api';
import { AmountForm } from '../components/AmountForm';
import offer from '../../../ui/offer.module.css';
import { savingsInterest } from '../forms/estimate';
import { RiskNote } from '../../../ui/RiskNote';

export default function SavingsPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const products = useSavingsProducts();
  const mine = usePositions({ kind: 'savings', status: 'running' });
  const deposit = useDeposit();
  const [chosen, setChosen] = useState<string | null>(null);
  if (products.isError && !products.data) return <LoadRetry onRetry={() => void products.refetch()} />;
  if (!products.data) return <PageSkeleton variant="products" rows={3} />;
  const myDeposit = (productId: string) =>
    (mine.data?.pages.flatMap((p) => p.items) ?? []).filter((p) => p.productId === productId).reduce((s, p) => s.plus(p.principal), new Big(0));
  return (
    <div className={panel.page} data-testid="earn-savings">
      <div className={offer.links}>
        <Button component={Link} to={paths.coin.coinlog} variant="light" size="compact-sm" classNames={WRAP} data-testid="earn-history">
          {t('earn.history')}
        </Button>
      </div>
      <Text size="xs" c="dimmed">
        {t('earn.savingsIntro')}
      </Text>
      <RiskNote text={t('earn.savingsRisks')} />
      <div className={offer.list}>
        {products.data.map((p) => {
          const open = chosen === p.id;
          const held = myDeposit(p.id);
          return (
            <div key={p.id} className={`${offer.card} ${open ? offer.selected : ''}`} data-testid="earn-savings-product" data-id={p.id}>
              <div className={offer.head}>
                <span className={offer.name}>{t('earn.term', { coin: p.coin, count: p.days })}</span>
                {held.gt(0) && (
                  <Badge size="sm" variant="light" data-testid="earn-my-deposit">
                    {t('earn.myDeposit', { amount: formatMoney(held, 2, p.coin, locale) })}
                  </Badge>
                )}
              </div>
              <div className={`${offer.figure} ${offer.up}`}>{formatRate(p.rate, locale)}</div>
              <div className={offer.line}>{t('earn.annualRate')}</div>
              <div className={offer.line}>{t('earn.totalDeposit', { amount: isolate(`${formatCompact(p.totalDeposit, locale)} ${p.coin}`) })}</div>
              <div className={offer.line}>
                {t('earn.bounds', { min: exactMoney(p.minAmount, p.coin, locale), max: exactMoney(p.maxAmount, p.coin, locale) })}
              </div>
              {getToken() ? (
                <Button variant={open ? 'default' : 'filled'} onClick={() => setChosen(open ? null : p.id)} classNames={WRAP} data-testid="earn-choose">
                  {t(open ? 'common.cancel' : 'earn.deposit')}
                </Button>
              ) : (
                <Button component={Link} to={withRedirect(paths.mine.login, paths.coin.index)} variant="light" classNames={WRAP}>
                  {t('earn.loginToStart')}
                </Button>
              )}
              {open && (
                <AmountForm
                  coin={p.coin}
                  min={p.minAmount}
                  max={p.maxAmount}
                  title={t('earn.depositTitle', { coin: p.coin, count: p.days })}
                  submitLabel={t('earn.deposit')}
                  note={t('earn.savingsNote', { count: p.days })}
                  busy={deposit.isPending}
                  estimate={(amount, places, shown) => [
                    [t('earn.interestAtEnd'), formatMoney(savingsInterest(amount, p.rate, p.days, places), shown, p.coin, locale)],
                    [t('earn.maturity'), t('earn.afterDays', { count: p.days })],
                  ]}
                  onSubmit={(amount) => deposit.mutateAsync({ productId: p.id, amount })}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
