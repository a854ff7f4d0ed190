/**
 * Funding details (/pages/mine/group_log, login): the rebates my team's spot fees credited to my
 * funds account, newest first, page by page: the amount in its coin, its USDT value then, which
 * member (masked) and level it came from, the symbol and the rate. New ones arrive live.
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatDate, formatExact, formatMoney, formatRate, isolate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { TeamIcon } from '../../../ui/emptyIcons';
import { LoadMore } from '../../../ui/LoadMore';
import panel from '../../../ui/panel.module.css';
import { useRebateEvents, useRebates, useTeam, type Rebate } from '../api';
import { TeamIncome } from '../components/TeamFigures';
import classes from '../components/team.module.css';

function RebateRow({ rebate }: { rebate: Rebate }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  return (
    <div className={classes.row} data-testid="rebate">
      <div>
        <div className={classes.primary} data-server-text>
          {isolate(rebate.member)}
        </div>
        <div className={classes.secondary}>
          {t('team.rebateOf', { level: rebate.level, rate: formatRate(rebate.rate, locale), symbol: isolate(rebate.symbol) })}
        </div>
        <div className={classes.secondary}>{formatDate(rebate.time, 'dateTime', locale)}</div>
      </div>
      <div className={classes.end}>
        <Text size="sm" fw={600} c="teal" data-testid="rebate-amount">
          {isolate(`+${formatExact(rebate.amount, locale)} ${rebate.coin}`)}
        </Text>
        {rebate.coin !== 'USDT' && <div className={classes.secondary}>≈ {formatMoney(rebate.usdtValue, 2, 'USDT', locale)}</div>}
      </div>
    </div>
  );
}

export default function GroupLogPage() {
  const { t } = useTranslation();
  useRebateEvents();
  const team = useTeam();
  const rebates = useRebates();
  if (rebates.isError && !rebates.data) return <LoadRetry onRetry={() => void rebates.refetch()} />;
  if (!rebates.data) return <PageSkeleton variant="figures" />;
  const items = rebates.data.pages.flatMap((p) => p.items);
  return (
    <div className={panel.page} data-testid="group-log">
      {team.data && (
        <TeamIncome team={team.data}>
          <Text size="xs" c="dimmed">
            {t('team.creditedTo')}
          </Text>
        </TeamIncome>
      )}
      {items.length === 0 && (
        <EmptyState
          testId="rebates-empty"
          icon={<TeamIcon />}
          title={t('empty.rebates.title')}
          hint={t('empty.rebates.hint')}
          action={{ label: t('empty.team.action'), to: paths.mine.invite }}
        />
      )}
      <div className={classes.list}>
        {items.map((r) => (
          <RebateRow key={r.id} rebate={r} />
        ))}
      </div>
      <LoadMore query={rebates} label={t('team.loadMore')} />
    </div>
  );
}
