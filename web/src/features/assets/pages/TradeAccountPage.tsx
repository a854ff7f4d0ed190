/**
 * One coin of one account: its available, frozen and converted balance, the ways to move it, and
 * its records (all, deposits, withdrawals, transfers), paged and live.
 */
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Segmented } from '../../../ui/Segmented';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatAmount } from '../../../lib/format';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { balanceOf, useWallet, type AccountKind } from '../../../api/wallet';
import { ACCOUNT_KINDS, useCoins } from '../api';
import { RecordList } from '../components/RecordList';
import { useCoinFormat } from '../format';
import { paths, withQuery } from '../../../lib/paths';

const TABS = ['all', 'deposit', 'withdrawal', 'transfer'] as const;
const EMPTY_TITLE = {
  all: 'empty.records.title',
  deposit: 'empty.deposits.title',
  withdrawal: 'empty.withdrawals.title',
  transfer: 'empty.transfers.title',
} as const;

export default function TradeAccountPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const params = new URLSearchParams(useLocation().search);
  const { data: wallet } = useWallet();
  const { data: coins } = useCoins();
  const format = useCoinFormat();
  const [tab, setTab] = useState<(typeof TABS)[number]>('all');
  const kindParam = params.get('kind') as AccountKind | null;
  const kind: AccountKind = kindParam && ACCOUNT_KINDS.includes(kindParam) ? kindParam : 'funds';

  if (!wallet || !coins) return <PageSkeleton variant="account" />;
  const info = coins.find((c) => c.coin === params.get('coin')) ?? coins[0];
  const balance = balanceOf(wallet, kind, info.coin);

  return (
    <div>
      <Stack gap={6} p={16}>
        <Group justify="space-between">
          <Text fw={700} size="xl" data-testid="trade-account-coin">
            {info.coin}{' '}
            <Text span c="dimmed" size="sm" data-server-text>
              {info.name}
            </Text>
          </Text>
          <Text size="sm" c="dimmed">
            {t(`assets.kind.${kind}`)}
          </Text>
        </Group>
        <SimpleGrid cols={3} spacing="xs">
          <div>
            <Text size="xs" c="dimmed">
              {t('assets.available')}
            </Text>
            <Text fw={600} data-testid="trade-account-available">
              {format(balance?.available ?? '0', info.coin)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('assets.frozen')}
            </Text>
            <Text fw={600} data-testid="trade-account-frozen">
              {format(balance?.frozen ?? '0', info.coin)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              ≈ USDT
            </Text>
            <Text fw={600}>{formatAmount(balance?.usdtValue ?? '0', 2, locale)}</Text>
          </div>
        </SimpleGrid>
        <Group grow mt={6}>
          {kind === 'funds' && (
            <>
              <Button component={Link} to={withQuery(paths.assets.charge, { coin: info.coin })} variant="light" size="sm">
                {t('assets.deposit')}
              </Button>
              <Button component={Link} to={withQuery(paths.assets.mention, { coin: info.coin })} variant="light" size="sm">
                {t('assets.withdraw')}
              </Button>
            </>
          )}
          <Button component={Link} to={withQuery(paths.assets.transfer, { coin: info.coin, from: kind })} variant="light" size="sm">
            {t('assets.transfer')}
          </Button>
        </Group>
      </Stack>
      <div style={{ padding: '0 16px 8px' }}>
        <Segmented
          fullWidth
          size="xs"
          value={tab}
          onChange={(v) => setTab(v as (typeof TABS)[number])}
          data={TABS.map((v) => ({ value: v, label: t(`assets.records.${v}`) }))}
          data-testid="records-tabs"
        />
      </div>
      <div style={{ padding: '0 16px' }}>
        <RecordList
          key={tab}
          filter={{ type: tab, coin: info.coin, kind }}
          title={t('assets.records.title')}
          empty={{ title: t(EMPTY_TITLE[tab]), hint: t('empty.records.hint') }}
        />
      </div>
    </div>
  );
}
