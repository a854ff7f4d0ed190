/**
 * The contract cards: a running contract with its countdown ring (on the server's clock), the
 * purchase price, the live price and the estimated result; a settled one with the final price, the
 * result and the actual profit or loss.
 */
import { RingProgress, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicker } from '../../../api/market';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatAmount, formatDate, formatMoney, formatSignedMoney } from '../../../lib/format';
import { toneOf, toneOfSign } from '../../../ui/market/tone';
import { estimate, remainingPercent, secondsLeft, type SecondOrder, type SecondResult } from '../forms/secondForm';
import classes from './second.module.css';

const COIN = 'USDT';
/** The text colour of a result: up's for a win, down's for a loss, none for a tie. */
const resultTone = (result: SecondResult | undefined) => toneOfSign(result === 'win' ? 1 : result === 'loss' ? -1 : 0);

function Head({ order }: { order: SecondOrder }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  return (
    <div className={classes.contractHead}>
      <span>
        {order.symbol}{' '}
        <Text span fw={700} c={order.direction === 'up' ? 'var(--app-up)' : 'var(--app-down)'} data-testid="contract-direction">
          {t(`second.direction.${order.direction}`)}
        </Text>
      </span>
      <Text span size="xs" c="dimmed">
        {t('second.periodSeconds', { count: order.period })} · {formatMoney(order.stake, 2, COIN, locale)}
      </Text>
    </div>
  );
}

function Fact({ label, value, testId, className }: { label: string; value: string; testId?: string; className?: string }) {
  return (
    <div>
      {/* A line may break after a slash ("Gewinn/Verlust" in a narrow column). */}
      <span className={classes.label}>{label.replaceAll('/', '/\u200b')}</span>
      <span className={`${classes.value} ${className ?? ''}`} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

export const RunningCard = memo(function RunningCard({ order, places, now }: { order: SecondOrder; places: number; now: number }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const last = useTicker(order.symbol)?.last;
  const est = estimate(order, last);
  const left = secondsLeft(order, now);
  return (
    <article className={classes.contract} data-testid="running-contract" data-id={order.id} data-estimate={est?.result}>
      <RingProgress
        size={56}
        thickness={5}
        roundCaps
        sections={[{ value: remainingPercent(order, now), color: order.direction === 'up' ? 'var(--app-up)' : 'var(--app-down)' }]}
        label={
          <div className={classes.ringLabel} data-testid="contract-countdown" data-seconds={left} aria-label={t('second.secondsLeft', { count: left })}>
            {left > 0 ? t('second.periodSeconds', { count: left }) : '…'}
          </div>
        }
      />
      <div>
        <Head order={order} />
        <div className={classes.grid}>
          <Fact label={t('second.openPrice')} value={formatAmount(order.openPrice, places, locale)} testId="contract-open" />
          <Fact label={t('second.currentPrice')} value={last ? formatAmount(last, places, locale) : '--'} testId="contract-last" />
          <Fact
            label={left > 0 ? t('second.estimated') : t('second.settling')}
            value={est ? formatSignedMoney(est.pnl, 2, COIN, locale) : '--'}
            testId="contract-estimate"
            className={resultTone(est?.result)}
          />
        </div>
      </div>
    </article>
  );
});

export function SettledCard({ order, places }: { order: SecondOrder; places: number }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const result = order.result ?? 'tie';
  return (
    <article className={classes.contract} data-testid="settled-contract" data-id={order.id} data-result={result}>
      <div className={`${classes.resultBadge} ${resultTone(result)}`} data-testid="contract-result">
        {t(`second.result.${result}`)}
      </div>
      <div>
        <Head order={order} />
        <div className={classes.grid}>
          <Fact label={t('second.openPrice')} value={formatAmount(order.openPrice, places, locale)} />
          <Fact label={t('second.closePrice')} value={order.closePrice ? formatAmount(order.closePrice, places, locale) : '--'} testId="contract-close" />
          <Fact
            label={t('second.pnl')}
            value={formatSignedMoney(order.pnl ?? '0', 2, COIN, locale)}
            testId="contract-pnl"
            className={toneOf(order.pnl ?? '0')}
          />
          <Fact label={t('second.boughtAt')} value={formatDate(order.time, 'dateTime', locale)} />
          <Fact label={t('second.settledAt')} value={order.settledAt ? formatDate(order.settledAt, 'dateTime', locale) : '--'} />
          <Fact label={t('second.payout')} value={formatMoney(order.payout ?? '0', 2, COIN, locale)} />
        </div>
      </div>
    </article>
  );
}
