/** What the team has earned the user (in USDT at each credit's time, and per coin), shared by both team pages. */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../../../contracts/generated/openapi';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatMoney, exactMoney } from '../../../lib/format';
import panel from '../../../ui/panel.module.css';
import classes from './team.module.css';

export function TeamIncome({ team, children }: { team: components['schemas']['TeamSummary']; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  return (
    <div className={panel.card}>
      <Text size="xs" c="dimmed">
        {t('team.income')}
      </Text>
      <div className={classes.income} data-testid="team-income">
        {formatMoney(team.incomeUsdt, 2, 'USDT', locale)}
      </div>
      {team.income.length > 0 && (
        <div className={classes.coins} data-testid="team-income-coins">
          {team.income.map((c) => (
            <span key={c.coin}>{exactMoney(c.amount, c.coin, locale)}</span>
          ))}
        </div>
      )}
      {children}
    </div>
  );
}
