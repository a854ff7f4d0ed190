/**
 * My loans (/pages/loans/loansdetail, login): each application and loan with its state, the
 * schedule (paid and due), what is outstanding, and repaying the next instalment or everything now
 * (early repayment costs only the interest of the days so far). Live.
 */
import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { CoinsIcon } from '../../../ui/emptyIcons';
import { useConfirm } from '../../../ui/useConfirm';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { useLoans, useRepayLoan, type Loan } from '../api';
import { Schedule } from '../components/Schedule';
import classes from '../components/loans.module.css';

const COLOR: Record<Loan['status'], string> = { applying: 'blue', issued: 'teal', rejected: 'gray', repaid: 'gray', broken: 'orange', expired: 'orange' };

export default function LoanDetailPage() {
  const { t } = useTranslation();
  const loans = useLoans();
  if (loans.isError && !loans.data) return <LoadRetry onRetry={() => void loans.refetch()} />;
  if (!loans.data) return <PageSkeleton variant="cards" rows={3} />;
  return (
    <div className={panel.page} data-testid="loan-list">
      {loans.data.items.length === 0 && <EmptyState testId="loan-none" icon={<CoinsIcon />} title={t('empty.loans.title')} hint={t('empty.loans.hint')} />}
      {loans.data.items.map((loan) => (
        <LoanCard key={loan.id} loan={loan} />
      ))}
      <Button component={Link} to={paths.loans.loansindex} variant="light" classNames={WRAP}>
        {t('routes.loans')}
      </Button>
    </div>
  );
}

function LoanCard({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const repay = useRepayLoan();
  const [ask, dialog] = useConfirm();
  const money = (v: string) => formatMoney(v, 2, loan.coin, locale);
  const unpaid = loan.instalments.filter((i) => i.paidAt === undefined);
  const overdue = loan.status === 'broken' || loan.status === 'expired';
  const pay = async (kind: 'instalment' | 'full', amount: string) => {
    if (
      await ask({
        // "Repaying early" only while it is early: an overdue loan is repaid late (no fee).
        message: t(kind === 'full' && !overdue ? 'loans.askFull' : 'loans.askNext', { amount: money(amount) }),
        confirmLabel: t(kind === 'full' ? 'loans.repayFull' : 'dialog.repay'),
        cancelLabel: t('dialog.notNow'),
      })
    )
      repay.mutate({ id: loan.id, kind });
  };
  /** A repay button with what it costs under its label, before it is pressed. */
  const repayButton = (kind: 'instalment' | 'full', amount: string) => (
    <Button
      variant={kind === 'full' ? 'filled' : 'default'}
      onClick={() => void pay(kind, amount)}
      loading={repay.isPending}
      classNames={WRAP}
      h="auto"
      py={6}
      data-testid={kind === 'full' ? 'loan-repay-full' : 'loan-repay-next'}
      data-amount={amount}
    >
      <span className={classes.repay}>
        <span>{t(kind === 'full' ? 'loans.repayFull' : 'loans.repayNext')}</span>
        <span className={classes.repayCost}>{money(amount)}</span>
      </span>
    </Button>
  );
  return (
    <div className={panel.card} data-testid="loan" data-status={loan.status}>
      <Group justify="space-between" wrap="wrap" gap={6}>
        <Text fw={600}>{t(`loans.type.${loan.type}`)}</Text>
        <Badge size="sm" variant="light" color={COLOR[loan.status]} data-testid="loan-status">
          {t(`loans.status.${loan.status}`)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" data-testid="loan-status-hint">
        {t(`loans.hint.${loan.status}`)}
      </Text>
      <dl className={panel.facts}>
        <dt>{t('loans.institution')}</dt>
        <dd data-server-text>{loan.institution}</dd>
        <dt>{t('loans.period')}</dt>
        <dd>{t('loans.days', { count: loan.days })}</dd>
        <dt>{t('loans.method')}</dt>
        <dd>{t(`loans.methods.${loan.method}`)}</dd>
        <dt>{t('loans.applied')}</dt>
        <dd>{formatDate(loan.appliedAt, 'dateTime', locale)}</dd>
        {loan.outstanding !== undefined && (
          <>
            <dt>{t('loans.outstanding')}</dt>
            <dd data-testid="loan-outstanding">{money(loan.outstanding)}</dd>
          </>
        )}
        {loan.payoffNow !== undefined && (
          <>
            <dt>{t('loans.payoffNow')}</dt>
            <dd data-testid="loan-payoff">{money(loan.payoffNow)}</dd>
          </>
        )}
      </dl>
      {/* Declined: nothing was paid out and nothing is owed, so no schedule or total to repay. */}
      {loan.status !== 'rejected' && <Schedule quote={loan} coin={loan.coin} repaid={loan.status === 'repaid' ? loan.paid : undefined} />}
      {unpaid.length > 0 && loan.payoffNow !== undefined && loan.nextPaymentNow !== undefined && (
        <Group grow align="stretch">
          {/* The last instalment left and "everything" are the same repayment: one button, the cheaper price. */}
          {unpaid.length > 1 && repayButton('instalment', loan.nextPaymentNow)}
          {repayButton('full', loan.payoffNow)}
        </Group>
      )}
      {dialog}
    </div>
  );
}
