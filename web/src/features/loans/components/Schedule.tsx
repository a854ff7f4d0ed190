/**
 * A loan's repayment schedule: each instalment's due date, principal, interest and amount (paid ones
 * marked), and the totals; for a repaid loan, what was repaid in all instead of what the schedule
 * would have cost (an early repayment costs less).
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatDate, formatMoney } from '../../../lib/format';
import panel from '../../../ui/panel.module.css';
import type { LoanQuote } from '../api';
import classes from './loans.module.css';

export function Schedule({
  quote,
  coin,
  repaid,
}: {
  quote: LoanQuote & { instalments: Array<LoanQuote['instalments'][number] & { paidAt?: number }> };
  coin: string;
  /** A repaid loan: what the user repaid in all (the server's `paid`). */
  repaid?: string;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const money = (v: string) => formatMoney(v, 2, coin, locale);
  return (
    <div className={classes.schedule} data-testid="loan-schedule">
      {quote.instalments.map((i) => (
        <div key={i.n} className={classes.instalment} data-testid="loan-instalment" data-paid={i.paidAt !== undefined}>
          <div className={classes.row}>
            <strong>{t('loans.instalment', { n: i.n })}</strong>
            <span>{formatDate(i.dueAt, 'date', locale)}</span>
          </div>
          <div className={classes.row}>
            <Text size="xs" c="dimmed">
              {t('loans.parts', { principal: money(i.principal), interest: money(i.interest) })}
            </Text>
            <span>{money(i.amount)}</span>
          </div>
          {i.paidAt !== undefined && (
            <Text size="xs" c="teal">
              {t('loans.paidOn', { date: formatDate(i.paidAt, 'date', locale) })}
            </Text>
          )}
        </div>
      ))}
      <dl className={panel.facts}>
        <dt>{t('loans.principal')}</dt>
        <dd>{money(quote.principal)}</dd>
        {repaid === undefined ? (
          <>
            <dt>{t('loans.totalInterest')}</dt>
            <dd data-testid="loan-interest">{money(quote.interest)}</dd>
            <dt>{t('loans.totalCost')}</dt>
            <dd data-testid="loan-total">{money(quote.total)}</dd>
          </>
        ) : (
          <>
            <dt>{t('loans.repaidTotal')}</dt>
            <dd data-testid="loan-repaid">{money(repaid)}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
