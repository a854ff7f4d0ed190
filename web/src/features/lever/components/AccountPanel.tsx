/**
 * The lever account at the top of the positions page: risk rate and total unrealized P/L computed
 * live from the tickers, the open positions and the account (forms/leverForm `liveAccount`), with
 * equity, balance, margin and available margin, and a warning while the risk rate is below twice
 * the liquidation line.
 */
import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { Big } from '../../../lib/decimal';
import { paths } from '../../../lib/paths';
import { toneOf } from '../../../ui/market/tone';
import { atRisk, liveAccount, type LastPrices, type LeverAccount, type LeverOrder } from '../forms/leverForm';
import { ratioPercent, signedUsdt, usdt } from './display';
import classes from './lever.module.css';

export function AccountPanel({
  account,
  positions,
  complete,
  lasts,
}: {
  account: LeverAccount;
  positions: LeverOrder[];
  complete: boolean;
  lasts: LastPrices;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  // Live when every position and its price is known; the server's figures otherwise.
  const live = complete ? liveAccount(account, positions, lasts) : null;
  const pnl = live?.unrealizedPnl ?? new Big(account.unrealizedPnl);
  const equity = live?.equity ?? new Big(account.equity);
  const riskRate = live ? live.riskRate : account.riskRate !== undefined ? new Big(account.riskRate) : null;
  const warn = atRisk(riskRate, account.liquidationLine);
  const fact = (key: string, label: string, value: string) => (
    <div key={key} style={{ display: 'contents' }}>
      <dt>{label}</dt>
      <dd data-testid={`account-${key}`}>{value}</dd>
    </div>
  );
  return (
    <>
      <section className={classes.card} aria-label={t('lever.account.title')} data-testid="lever-account-panel">
        <div className={classes.two}>
          <div>
            <Text size="xs" c="dimmed">
              {t('lever.riskRate')}
            </Text>
            <div className={classes.big} data-testid="account-risk-rate" data-value={riskRate?.toFixed() ?? ''}>
              {riskRate ? ratioPercent(riskRate, locale) : '--'}
            </div>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('lever.totalPnl')}
            </Text>
            <div className={`${classes.big} ${toneOf(pnl.toFixed())}`} data-testid="account-pnl" data-value={pnl.toFixed()}>
              {signedUsdt(pnl, locale)}
            </div>
          </div>
        </div>
        <dl className={classes.facts}>
          {fact('equity', t('lever.account.equity'), usdt(equity, locale))}
          {fact('balance', t('lever.account.balance'), usdt(account.balance, locale))}
          {fact('margin', t('lever.account.positionMargin'), usdt(account.positionMargin, locale))}
          {fact('frozen', t('lever.account.delegationFrozen'), usdt(account.delegationFrozen, locale))}
          {fact('available', t('lever.available'), usdt(account.available, locale))}
          {fact('line', t('lever.liquidationLine'), ratioPercent(account.liquidationLine, locale))}
        </dl>
        <Anchor component={Link} to={paths.assets.transferTolever} size="sm">
          {t('lever.account.transfer')}
        </Anchor>
      </section>
      {warn && riskRate && (
        <Alert color="red" variant="light" role="alert" title={t('lever.riskWarningTitle')} data-testid="lever-risk-warning">
          {t('lever.riskWarning', { rate: ratioPercent(riskRate, locale), line: ratioPercent(account.liquidationLine, locale) })}
        </Alert>
      )}
    </>
  );
}
