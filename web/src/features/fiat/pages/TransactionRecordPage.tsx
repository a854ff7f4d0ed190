/**
 * The fiat account's balance log (/pages/legal/transactionRecord, login): the coin's available and
 * locked balance now, then every change newest first, with why, what it belongs to and both
 * balances after it; live.
 */
import { Button, Text } from '@mantine/core';
import { Segmented } from '../../../ui/Segmented';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { components } from '../../../../../contracts/generated/openapi';
import { useCoinPrecision } from '../../../api/coins';
import { balanceOf, useWallet } from '../../../api/wallet';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatDate, formatMoney, formatSignedMoney } from '../../../lib/format';
import { paths, withQuery } from '../../../lib/paths';
import { LoadMore } from '../../../ui/LoadMore';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { P2P_COINS, useFiatLog } from '../api';
import classes from '../components/fiat.module.css';

type Entry = components['schemas']['BalanceLogEntry'];

/** Reasons whose `ref` is a P2P order (the contract's LedgerReason). */
const ORDER_REASONS = new Set<Entry['reason']>(['p2p_escrow', 'p2p_release', 'p2p_return']);

export default function TransactionRecordPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const [coin, setCoin] = useState<string>(P2P_COINS[0]);
  const places = useCoinPrecision()(coin) ?? 8;
  const wallet = useWallet();
  const balance = balanceOf(wallet.data, 'fiat', coin);
  const log = useFiatLog(coin);
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];
  const money = (v: string) => formatMoney(v, places, coin, locale);
  const signed = (v: string) => formatSignedMoney(v, places, coin, locale);
  return (
    <div className={panel.page} data-testid="p2p-log">
      <Segmented value={coin} onChange={setCoin} data={[...P2P_COINS]} fullWidth data-testid="p2p-log-coin" />
      <div className={panel.card} data-testid="p2p-log-balance">
        <dl className={panel.facts}>
          <dt>{t('fiat.log.available')}</dt>
          <dd data-testid="p2p-log-available">{balance ? money(balance.available) : '--'}</dd>
          <dt>{t('fiat.log.locked')}</dt>
          <dd data-testid="p2p-log-locked">{balance ? money(balance.frozen) : '--'}</dd>
        </dl>
        <Text size="xs" c="dimmed">
          {t('fiat.log.lockedHint')}
        </Text>
        <Button component={Link} to={withQuery(paths.legal.transfer, { to: 'fiat', coin })} variant="light" classNames={WRAP}>
          {t('fiat.log.transfer')}
        </Button>
      </div>
      {log.isError && !log.data && <LoadRetry onRetry={() => void log.refetch()} />}
      {log.isPending && <PageSkeleton variant="cards" rows={4} bare />}
      {log.data && items.length === 0 && (
        <EmptyState compact testId="p2p-log-empty" title={t('empty.fiatLog.title', { coin })} hint={t('empty.fiatLog.hint')} />
      )}
      <div className={classes.list}>
        {items.map((e) => {
          const body = (
            <>
              <div className={classes.adHead}>
                <strong>{t(`fiat.log.reason.${e.reason}`)}</strong>
                <span className={classes.line}>{formatDate(e.time, 'dateTime', locale)}</span>
              </div>
              <dl className={panel.facts}>
                {e.available !== zero(e.available) && (
                  <>
                    <dt>{t('fiat.log.available')}</dt>
                    <dd data-testid="p2p-log-change">{signed(e.available)}</dd>
                  </>
                )}
                {e.frozen !== zero(e.frozen) && (
                  <>
                    <dt>{t('fiat.log.locked')}</dt>
                    <dd data-testid="p2p-log-locked-change">{signed(e.frozen)}</dd>
                  </>
                )}
              </dl>
              <div className={classes.line}>{t('fiat.log.after', { available: money(e.availableAfter), locked: money(e.frozenAfter) })}</div>
            </>
          );
          return ORDER_REASONS.has(e.reason) ? (
            <Link
              key={e.id}
              to={withQuery(paths.legal.orderDetail, { id: e.ref })}
              className={`${classes.ad} ${classes.plain}`}
              data-testid="p2p-log-entry"
              data-reason={e.reason}
            >
              {body}
            </Link>
          ) : (
            <div key={e.id} className={classes.ad} data-testid="p2p-log-entry" data-reason={e.reason}>
              {body}
            </div>
          );
        })}
      </div>
      <LoadMore query={log} label={t('fiat.loadMore')} />
    </div>
  );
}

/** A change of 0 at the value's own scale ("0.000000"): that balance did not move. */
const zero = (v: string) => v.replace(/[1-9]/g, '0').replace(/^-/, '');
