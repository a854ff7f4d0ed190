/**
 * The lever account at the top of the positions page: risk rate and total unrealized P/L computed
 * live from the tickers, the open positions and the account (forms/leverMath `liveAccount`), with
 * equity, balance, margin and available margin, and a warning while the risk rate is below twice
 * the liquidation line.
 */
import { Alert, Anchor, Text } from '@mantine/core';
import { memo, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { Big } from '../../../lib/decimal';
import { paths } from '../../../lib/paths';
import { toneOf } from '../../../ui/market/tone';
import { useLastPrices } from '../api';
import { atRisk, liveAccount, type LastPrices, type LeverAccount, type LeverOrder } from '../forms/leverMath';
import { ratioPercent, signedUsdt, usdt } from './display';
import classes from './lever.module.css';

type Props = { account: LeverAccount; positions: LeverOrder[]; complete: boolean };

export function AccountPanel(props: Props) {
  // The prices are read here, so that a tick re-renders this panel, not the page; deferred as the
  // positions list defers them, so that the totals and the cards change in the same commit (the
  // pulse itself only re-renders this wrapper: the panel renders when the deferred prices come).
  const lasts = useDeferredValue(useLastPrices());
  return <Panel {...props} lasts={lasts} />;
}

const Panel = memo(function Panel({ account, positions, complete, lasts }: Props & { lasts: LastPrices }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  // Live when every position and its price is known; the server's figures otherwise. Computed
  // again only when a price, the positions or the account changed.
  const { pnl, equity, riskRate, warn } = useMemo(() => {
    const live = complete ? liveAccount(account, positions, lasts) : null;
    const riskRate = live ? live.riskRate : account.riskRate !== undefined ? new Big(account.riskRate) : null;
    return {
      pnl: live?.unrealizedPnl ?? new Big(account.unrealizedPnl),
      equity: live?.equity ?? new Big(account.equity),
      riskRate,
      warn: atRisk(riskRate, account.liquidationLine),
    };
  }, [account, positions, lasts, complete]);
  // What does not move with the prices: kept elements, skipped by React on a tick.
  const fixed = useMemo(
    () => ({
      title: t('lever.account.title'),
      riskLabel: (
        <Text size="xs" c="dimmed">
          {t('lever.riskRate')}
        </Text>
      ),
      pnlLabel: (
        <Text size="xs" c="dimmed">
          {t('lever.totalPnl')}
        </Text>
      ),
      equityLabel: t('lever.account.equity'),
      facts: (
        <>
          {fact('balance', t('lever.account.balance'), usdt(account.balance, locale))}
          {fact('margin', t('lever.account.positionMargin'), usdt(account.positionMargin, locale))}
          {fact('frozen', t('lever.account.delegationFrozen'), usdt(account.delegationFrozen, locale))}
          {fact('available', t('lever.available'), usdt(account.available, locale))}
          {fact('line', t('lever.liquidationLine'), ratioPercent(account.liquidationLine, locale))}
        </>
      ),
      transfer: (
        <Anchor component={Link} to={paths.assets.transferTolever} size="sm">
          {t('lever.account.transfer')}
        </Anchor>
      ),
    }),
    [account, locale, t],
  );
  const pnlValue = pnl.toFixed();
  return (
    <>
      <section className={classes.card} aria-label={fixed.title} data-testid="lever-account-panel">
        <div className={classes.two}>
          <div>
            {fixed.riskLabel}
            <div className={classes.big} data-testid="account-risk-rate" data-value={riskRate?.toFixed() ?? ''}>
              {riskRate ? ratioPercent(riskRate, locale) : '--'}
            </div>
          </div>
          <div>
            {fixed.pnlLabel}
            <div className={`${classes.big} ${toneOf(pnlValue)}`} data-testid="account-pnl" data-value={pnlValue}>
              {signedUsdt(pnl, locale)}
            </div>
          </div>
        </div>
        <dl className={classes.facts}>
          {fact('equity', fixed.equityLabel, usdt(equity, locale))}
          {fixed.facts}
        </dl>
        {fixed.transfer}
      </section>
      {warn && riskRate && (
        <Alert color="red" variant="light" role="alert" title={t('lever.riskWarningTitle')} data-testid="lever-risk-warning">
          {t('lever.riskWarning', { rate: ratioPercent(riskRate, locale), line: ratioPercent(account.liquidationLine, locale) })}
        </Alert>
      )}
    </>
  );
});

const fact = (key: string, label: string, value: string) => (
  <div key={key} style={{ display: 'contents' }}>
    <dt>{label}</dt>
    <dd data-testid={`account-${key}`}>{value}</dd>
  </div>
);
