/**
 * Payment methods (collect-money information, where the 997 envelope sends the user): the user's
 * methods as cards with their review status, removal after a confirmation, and the form to add
 * one (bank card, PIX, Alipay, WeChat). The list is polled every 5 s while any is pending.
 */
import { Alert, Button, CloseButton, Text } from '@mantine/core';
import { useState } from 'react';
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

export default function CollectMoneyPage() {
  const { t } = useTranslation();
  const me = useMeWhileReviewing();
  const methods = usePaymentMethods();
  /** null: open the form only while there is no method yet. */
  const [adding, setAdding] = useState<boolean | null>(null);

  if (methods.isPending || me.isPending) return <PageSkeleton variant="form" rows={4} />;
  if (methods.isError) return <LoadRetry onRetry={() => void methods.refetch()} />;
  const list = methods.data;
  const user = me.data;
  const formOpen = adding ?? list.length === 0;
  const verified = user?.verification === 'verified';

  return (
    <div className={panel.page}>
      {user && !verified && (
        <Alert color="orange" variant="light" title={t('identity.collect.verifyTitle')} data-testid="collect-verify-notice">
          <Text size="sm" mb={8}>
            {user.verification === 'pending' ? t('identity.bank.verifyPending') : t('identity.collect.verifyBody')}
          </Text>
          <Button component={Link} to={paths.mine.authentication} size="compact-sm" variant="light" color="orange">
            {t('identity.bank.verifyFirstAction')}
          </Button>
        </Alert>
      )}

      {formOpen && (
        <section className={panel.card} aria-labelledby="pm-add-title" data-testid="pm-add-card">
          <div className={panel.cardHeader}>
            <h2 className={classes.cardTitle} id="pm-add-title">
              {t('identity.collect.addTitle')}
            </h2>
            {list.length > 0 && <CloseButton onClick={() => setAdding(false)} aria-label={t('identity.common.close')} />}
          </div>
          <PaymentMethodForm me={user} onAdded={() => setAdding(false)} />
        </section>
      )}

      <div className={panel.cardHeader}>
        <h2 className={classes.cardTitle}>{t('identity.collect.listTitle', { count: list.length })}</h2>
        {!formOpen && (
          <Button size="compact-sm" onClick={() => setAdding(true)} data-testid="add-method">
            {t('identity.collect.add')}
          </Button>
        )}
      </div>
      {list.length === 0 ? (
        <EmptyState compact testId="pm-empty" icon={<CardIcon />} title={t('empty.paymentMethods.title')} hint={t('empty.paymentMethods.hint')} />
      ) : (
        list.map((m) => <PaymentMethodCard key={m.id} method={m} />)
      )}
    </div>
  );
}
