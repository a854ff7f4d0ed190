/**
 * Deposit: choose the coin (`?coin=` preselects it) and the network; the limits come first (the
 * minimum deposit of that coin and network, below which a deposit is not credited, and the
 * confirmations it needs), then the user's deposit address with its QR code and a copy button.
 * Sandbox servers add a test-deposit box. Bank wire details where the platform takes wires, a link
 * to the voucher recharge, and this coin's recent deposits with their live status.
 */
import { Alert, List, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSettings } from '../../../api/settings';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { exactMoney } from '../../../lib/format';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { useCoins, useDepositAddress } from '../api';
import { CoinChainSelect, useCoinChainParams } from '../components/CoinChainSelect';
import { CopyValue } from '../components/CopyValue';
import { QrCode } from '../../../ui/QrCode';
import { LoadRetry } from '../../../ui/LoadRetry';
import { RecordList } from '../components/RecordList';
import { SandboxDeposit } from '../components/SandboxDeposit';
import { WireDetailsCard } from '../components/WireDetailsCard';
import classes from '../components/funds.module.css';
import panel from '../../../ui/panel.module.css';
import { paths, withQuery } from '../../../lib/paths';

export default function ChargePage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const coins = useCoins();
  const pick = useCoinChainParams(coins.data);
  const { coin, chain } = pick;
  const { data: settings } = useSettings();
  const address = useDepositAddress(coin?.coin, chain?.chain);

  if (coins.isPending) return <PageSkeleton variant="form" rows={3} />;
  if (!coins.data || !coin || !chain) return <LoadRetry onRetry={() => void coins.refetch()} />;

  // The address answer repeats the limits; the coin list has them before it arrives.
  const minDeposit = address.data?.minDeposit ?? chain.minDeposit;
  const confirmations = address.data?.confirmations ?? chain.depositConfirmations;

  return (
    <div className={panel.page}>
      <CoinChainSelect coins={coins.data} value={pick} />

      <Alert color="yellow" variant="light" title={t('funds.charge.beforeTitle')} data-testid="deposit-limits">
        <List size="sm" spacing={4}>
          <List.Item>
            {t('funds.charge.minDeposit')}{' '}
            <Text span fw={700} data-testid="min-deposit">
              {exactMoney(minDeposit, coin.coin, locale)}
            </Text>
            <Text span display="block" size="sm" data-testid="min-deposit-note">
              {t('funds.charge.minNote')}
            </Text>
          </List.Item>
          <List.Item>
            <span data-testid="deposit-confirmations">{t('funds.charge.confirmations', { count: confirmations })}</span>
          </List.Item>
          <List.Item>{t('funds.charge.onlyThis', { coin: coin.coin, chain: chain.chain })}</List.Item>
        </List>
      </Alert>

      <section className={panel.card} aria-labelledby="deposit-address-title" data-testid="deposit-address-card">
        <h2 id="deposit-address-title" className={classes.cardTitle}>
          {t('funds.charge.addressTitle', { coin: coin.coin, chain: chain.chain })}
        </h2>
        {address.isError ? (
          <LoadRetry compact onRetry={() => void address.refetch()} />
        ) : (
          <>
            <QrCode value={address.data?.address} alt={t('funds.charge.qrAlt', { coin: coin.coin, chain: chain.chain })} testId="deposit-qr" />
            <div className={classes.address}>
              {address.data ? (
                <span className={classes.mono} data-testid="deposit-address" data-server-text>
                  {address.data.address}
                </span>
              ) : (
                <Skeleton height={20} />
              )}
              {address.data && <CopyValue value={address.data.address} label={t('funds.charge.address')} size="compact-sm" testId="copy-address" />}
            </div>
          </>
        )}
      </section>

      {settings?.sandbox && <SandboxDeposit key={`${coin.coin}-${chain.chain}`} coin={coin} chain={chain} />}

      <Link to={withQuery(paths.assets.chargeOther, { coin: coin.coin, chain: chain.chain })} className={classes.linkRow} data-testid="link-voucher">
        <span>
          <Text size="sm" fw={600}>
            {t('funds.charge.voucherLink')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('funds.charge.voucherHint')}
          </Text>
        </span>
        <span className={classes.chevron} aria-hidden>
          ›
        </span>
      </Link>

      <WireDetailsCard />

      <RecordList
        filter={{ type: 'deposit', coin: coin.coin }}
        title={t('funds.charge.recent', { coin: coin.coin })}
        empty={{ title: t('empty.deposits.title'), hint: t('empty.deposits.hint') }}
        testId="deposit-records"
      />
    </div>
  );
}
