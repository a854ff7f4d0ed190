/**
 * Bank card verification: add a bank card (country/region, the verified real name, bank name, card
 * number) with the notice that verification may take up to 60 minutes, and the bank cards already
 * added with their status. Needs verified identity first: until then the page says so and links
 * to identity verification.
 */
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { CardIcon } from '../../../ui/emptyIcons';
import { useMeWhileReviewing, usePaymentMethods } from '../api';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PaymentMethodCard } from '../components/PaymentMethodCard';
import { PaymentMethodForm } from '../components/PaymentMethodForm';
import classes from '../components/identity.module.css';
import { paths } from '../../../lib/paths';
import panel from '../../../ui/panel.module.css';

export default function BankAuthenticationPage() {
  const { t } = useTranslation();
  const me = useMeWhileReviewing();
  const methods = usePaymentMethods();
  if (!me.data) return me.isError ? <LoadRetry onRetry={() => void me.refetch()} /> : <PageSkeleton variant="form" />;
  const user = me.data;
  const banks = (methods.data ?? []).filter((m) => m.type === 'bank');

  if (user.verification !== 'verified') {
    return (
      <div className={panel.page}>
        <section className={panel.card} data-testid="verify-first">
          <h2 className={classes.cardTitle}>{t('identity.bank.verifyFirstTitle')}</h2>
          <Text size="sm">{user.verification === 'pending' ? t('identity.bank.verifyPending') : t('identity.bank.verifyFirst')}</Text>
          <Button component={Link} to={paths.mine.authentication} data-testid="verify-first-link">
            {t('identity.bank.verifyFirstAction')}
          </Button>
        </section>
      </div>
    );
  }

  return (
    <div className={panel.page}>
      <section className={panel.card} aria-labelledby="bank-add-title">
        <h2 className={classes.cardTitle} id="bank-add-title">
          {t('identity.bank.addTitle')}
        </h2>
        <PaymentMethodForm me={user} types={['bank']} />
      </section>

      <section aria-labelledby="bank-list-title" className={panel.page} style={{ padding: 0 }}>
        <div className={panel.cardHeader}>
          <h2 className={classes.cardTitle} id="bank-list-title">
            {t('identity.bank.listTitle')}
          </h2>
          <Button component={Link} to={paths.mine.collectMoney} variant="subtle" size="compact-sm" data-testid="link-collect">
            {t('identity.bank.allMethods')}
          </Button>
        </div>
        {methods.isPending ? (
          <PageSkeleton variant="cards" rows={1} bare />
        ) : methods.isError ? (
          <LoadRetry onRetry={() => void methods.refetch()} />
        ) : banks.length === 0 ? (
          <EmptyState compact testId="bank-empty" icon={<CardIcon />} title={t('empty.bankCards.title')} hint={t('empty.bankCards.hint')} />
        ) : (
          banks.map((m) => <PaymentMethodCard key={m.id} method={m} />)
        )}
      </section>
    </div>
  );
}
