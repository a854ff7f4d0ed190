/**
 * Become a merchant (/pages/legal/storeUser, login): what a store needs (verified real name, a
 * verified payment method, a transaction password), each ticked or linked to where it is done,
 * the certification levels, and opening the store under a name of the user's choice (or their
 * nickname). A merchant goes straight to the store.
 */
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { ListGroup, ListRow } from '../../../ui/ListRow';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { useMerchant, useOpenStore } from '../api';
import { nameRefusal, StoreNameForm } from '../components/StoreNameForm';

const REQUIREMENTS = [
  ['realName', paths.mine.authentication],
  ['paymentMethod', paths.mine.collectMoney],
  ['transactionPassword', paths.mine.resetLegalPwd],
] as const;

export default function StoreUserPage() {
  const { t } = useTranslation();
  const merchant = useMerchant();
  const open = useOpenStore();
  if (merchant.isError && !merchant.data) return <LoadRetry onRetry={() => void merchant.refetch()} />;
  if (!merchant.data) return <PageSkeleton variant="form" rows={3} />;
  if (merchant.data.store) return <Navigate to={paths.legal.store} replace />;
  const r = merchant.data.requirements;
  const ready = r.realName && r.paymentMethod && r.transactionPassword;
  return (
    <div className={panel.page} data-testid="p2p-store-user">
      <div className={panel.card}>
        <Text fw={700}>{t('fiat.merchant.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('fiat.merchant.intro')}
        </Text>
      </div>
      <ListGroup title={t('fiat.merchant.requirements')}>
        {REQUIREMENTS.map(([key, to]) => (
          <ListRow
            key={key}
            label={t(`fiat.merchant.need.${key}`)}
            to={r[key] ? undefined : to}
            value={
              <span data-testid={`p2p-req-${key}`} data-done={r[key]}>
                {r[key] ? '✓' : t('fiat.merchant.todo')}
              </span>
            }
          />
        ))}
      </ListGroup>
      <Text size="xs" c="dimmed">
        {t('fiat.merchant.levels')}
      </Text>
      <StoreNameForm
        optional
        placeholder={t('fiat.merchant.storeNameDefault')}
        submitLabel={t('fiat.merchant.open')}
        submitTestId="p2p-open-store"
        disabled={!ready}
        pending={open.isPending}
        onSubmit={(name, refused) =>
          open.mutate(name, {
            onError: (err) => {
              const message = nameRefusal(err);
              if (message) refused(message);
            },
          })
        }
      />
      <Button component={Link} to={paths.legal.legal} variant="subtle" classNames={WRAP}>
        {t('routes.legal')}
      </Button>
    </div>
  );
}
