/**
 * My team (/pages/mine/group, login): what the team has earned me, how many joined directly and in
 * all, how many were active lately, the rebate rates per level, and the members page by page
 * (masked accounts, level, join date, activity, what each earned me), all or one level.
 */
import { Badge, Button, Text } from '@mantine/core';
import { Segmented } from '../../../ui/Segmented';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatDate, formatMoney, formatRate, isolate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { TeamIcon } from '../../../ui/emptyIcons';
import { LoadMore } from '../../../ui/LoadMore';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { useRebateEvents, useTeam, useTeamMembers, type TeamLevel, type TeamMember } from '../api';
import { TeamIncome } from '../components/TeamFigures';
import classes from '../components/team.module.css';

type Filter = 'all' | `${TeamLevel}`;

function MemberRow({ member }: { member: TeamMember }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  return (
    <div className={classes.row} data-testid="team-member" data-level={member.level} data-active={member.active}>
      <div>
        <div className={classes.primary} data-server-text>
          {isolate(member.account)}
        </div>
        <div className={classes.secondary}>{t('team.joined', { date: formatDate(member.joinedAt, 'date', locale) })}</div>
        <div className={classes.tags}>
          <Badge size="sm" variant="light" color="gray">
            {t('team.levelN', { level: member.level })}
          </Badge>
          <Badge size="sm" variant="light" color={member.active ? 'teal' : 'gray'} data-testid="member-activity">
            {member.active ? t('team.active') : t('team.inactive')}
          </Badge>
        </div>
      </div>
      <div className={classes.end}>
        <Text size="sm" fw={600} c={member.incomeUsdt === '0.00' ? 'dimmed' : 'teal'} data-testid="member-income">
          {formatMoney(member.incomeUsdt, 2, 'USDT', locale)}
        </Text>
        <div className={classes.secondary}>
          {member.lastActiveAt !== undefined ? t('team.lastActive', { date: formatDate(member.lastActiveAt, 'date', locale) }) : t('team.neverActive')}
        </div>
      </div>
    </div>
  );
}

export default function GroupPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const [filter, setFilter] = useState<Filter>('all');
  useRebateEvents();
  const team = useTeam();
  const members = useTeamMembers(filter === 'all' ? undefined : (Number(filter) as TeamLevel));
  if (team.isError && !team.data) return <LoadRetry onRetry={() => void team.refetch()} />;
  if (!team.data) return <PageSkeleton variant="figures" />;
  const summary = team.data;
  const items = members.data?.pages.flatMap((p) => p.items) ?? [];
  const stats: Array<[string, number, string]> = [
    ['team.direct', summary.directCount, 'team-direct'],
    ['team.members', summary.teamCount, 'team-count'],
    ['team.activeCount', summary.activeCount, 'team-active'],
  ];
  return (
    <div className={panel.page} data-testid="group">
      <TeamIncome team={summary}>
        <Button component={Link} to={paths.mine.groupLog} variant="light" size="compact-sm" classNames={WRAP} data-testid="group-log-link">
          {t('routes.groupLog')}
        </Button>
      </TeamIncome>
      <div className={`${panel.card} ${classes.stats}`}>
        {stats.map(([label, value, testId]) => (
          <div key={label} className={classes.stat}>
            <span className={classes.statValue} data-testid={testId}>
              {value}
            </span>
            <span className={classes.statLabel}>{label === 'team.activeCount' ? t(label, { days: summary.activeDays }) : t(label)}</span>
          </div>
        ))}
      </div>
      <div className={panel.card}>
        <Text size="sm" fw={600}>
          {t('team.howTitle')}
        </Text>
        {summary.levels.map((l) => (
          <Text key={l.level} size="sm" c="dimmed" data-testid={`team-rate-${l.level}`}>
            {t(l.level === 1 ? 'team.rateDirect' : 'team.rateSecond', { rate: formatRate(l.rate, locale) })}
          </Text>
        ))}
        <Button component={Link} to={paths.mine.invite} size="compact-sm" classNames={WRAP} data-testid="group-invite">
          {t('invite.title')}
        </Button>
      </div>
      <Segmented
        value={filter}
        onChange={(v) => setFilter(v as Filter)}
        data={[
          { value: 'all', label: t('team.all') },
          { value: '1', label: t('team.levelN', { level: 1 }) },
          { value: '2', label: t('team.levelN', { level: 2 }) },
        ]}
        fullWidth
        data-testid="team-filter"
      />
      {members.isError && !members.data && <LoadRetry onRetry={() => void members.refetch()} />}
      {members.isPending && <PageSkeleton variant="list" rows={3} bare />}
      {members.data && items.length === 0 && (
        <EmptyState
          compact
          testId="team-empty"
          icon={<TeamIcon />}
          title={t(filter === 'all' ? 'empty.team.title' : 'empty.teamLevel.title')}
          hint={t(filter === 'all' ? 'empty.team.hint' : 'empty.teamLevel.hint')}
          action={{ label: t('empty.team.action'), to: paths.mine.invite }}
        />
      )}
      <div className={classes.list}>
        {items.map((m) => (
          <MemberRow key={m.id} member={m} />
        ))}
      </div>
      <LoadMore query={members} label={t('team.loadMore')} />
      <Text size="xs" c="dimmed">
        {t('team.privacy')}
      </Text>
    </div>
  );
}
