/** One payment method: type, details (account numbers masked by the server), status, and removal. */
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReason } from '../../../i18n/useReason';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { useRemovePaymentMethod, type PaymentMethod } from '../api';
import { useRegionName } from '../../../i18n/regions';
import { ReviewBadge } from '../../../ui/ReviewBadge';
import classes from './identity.module.css';
import { useSubmitGuard } from '../../../ui/useSubmitGuard';
import { UploadedImage } from '../../../ui/uploads/UploadedImage';
import panel from '../../../ui/panel.module.css';
import { formatDate } from '../../../lib/format';

/** The type-specific details of a method, as [label key, value] pairs. */
function details(m: PaymentMethod): Array<[string, string | undefined]> {
  switch (m.type) {
    case 'bank':
      return [
        ['bankName', m.bankName],
        ['cardNumber', m.accountNumber],
      ];
    case 'pix':
      return [['pixKey', m.pixKey]];
    case 'alipay':
      return [['alipayAccount', m.alipayAccount]];
    case 'wechat':
      return [
        ['wechatNickname', m.wechatNickname],
        ['wechatAccount', m.wechatAccount],
      ];
  }
}

export function PaymentMethodCard({ method, removable = true }: { method: PaymentMethod; removable?: boolean }) {
  const { t } = useTranslation();
  const reason = useReason();
  const locale = useIntlLocale();
  const region = useRegionName();
  const remove = useRemovePaymentMethod();
  const guard = useSubmitGuard();
  const [confirming, setConfirming] = useState(false);
  const title = t(`identity.payment.types.${method.type}`);

  const onRemove = () => {
    if (remove.isPending || !guard.begin()) return;
    // mutateAsync: the card unmounts as soon as the refreshed list no longer has it.
    remove
      .mutateAsync(method.id)
      .then(
        () => {
          setConfirming(false);
          toast.success(t('identity.payment.removed'));
        },
        () => {}, // already toasted
      )
      .finally(guard.end);
  };

  return (
    <article className={panel.card} data-testid="payment-method" data-method-id={method.id} data-type={method.type} data-status={method.status}>
      <div className={panel.cardHeader}>
        <h3 className={classes.cardTitle}>{title}</h3>
        <ReviewBadge status={method.status} testId="pm-status" />
      </div>
      <dl className={classes.methodDetails}>
        {details(method).map(([key, value]) =>
          value ? (
            <Fragment key={key}>
              <dt>{t(`identity.payment.${key}`)}</dt>
              <dd data-testid={`pm-detail-${key}`}>{value}</dd>
            </Fragment>
          ) : null,
        )}
        {method.qrImage && (
          <>
            <dt>{t('identity.payment.qrImage')}</dt>
            <dd>
              <UploadedImage id={method.qrImage} alt={t('identity.payment.qrImage')} fallback={t('identity.payment.qrOnFile')} testId="pm-detail-qr" />
            </dd>
          </>
        )}
        <dt>{t('identity.payment.realName')}</dt>
        <dd>{method.realName}</dd>
        <dt>{t('identity.payment.country')}</dt>
        <dd>{region(method.country)}</dd>
        <dt>{t('identity.payment.added')}</dt>
        <dd>{formatDate(method.createdAt, 'dateTimeLong', locale)}</dd>
      </dl>
      {method.status === 'pending' && (
        <Text size="xs" c="dimmed">
          {t('identity.payment.pendingNote')}
        </Text>
      )}
      {method.status === 'rejected' && (
        <Alert color="red" variant="light" p="xs" title={t('identity.payment.rejectedTitle')} data-testid="pm-reason">
          {reason(method.reasonCode, method.reason) ?? t('identity.payment.rejectedNoReason')}
        </Alert>
      )}
      {removable && (
        <Group justify="flex-end">
          <Button size="compact-sm" variant="light" color="red" onClick={() => setConfirming(true)} data-testid="pm-remove">
            {t('identity.payment.remove')}
          </Button>
        </Group>
      )}
      <Modal
        opened={confirming}
        onClose={() => !remove.isPending && setConfirming(false)}
        title={t('identity.payment.removeTitle')}
        centered
        size="sm"
        radius="lg"
      >
        <Text size="sm" mb="lg">
          {t('identity.payment.removeConfirm', {
            method: title,
            details: details(method)
              .map(([, v]) => v)
              .filter(Boolean)
              .join(' '),
          })}
        </Text>
        <Group grow>
          <Button variant="default" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            {t('identity.common.cancel')}
          </Button>
          <Button color="red" onClick={onRemove} loading={remove.isPending} data-testid="pm-remove-confirm">
            {t('identity.payment.remove')}
          </Button>
        </Group>
      </Modal>
    </article>
  );
}
