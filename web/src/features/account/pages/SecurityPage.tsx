/** Security centre: each protection, what it protects, and where to change it. */
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListGroup, ListRow } from '../../../ui/ListRow';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { ReviewBadge } from '../../../ui/ReviewBadge';
import { useMe } from '../../../api/me';
import { paths } from '../../../lib/paths';

export default function SecurityPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  if (!me) return <PageSkeleton variant="settings" rows={5} />;
  const isSet = (set: boolean) => (
    <Badge color={set ? 'teal' : 'orange'} variant="light">
      {set ? t('security.set') : t('security.notSet')}
    </Badge>
  );
  return (
    <div>
      <Text size="sm" c="dimmed" px={20} pt={16}>
        {t('security.intro')}
      </Text>
      <ListGroup title={t('security.loginPassword')}>
        <ListRow label={t('security.changeWithOld')} hint={t('security.loginProtects')} to={paths.mine.setPwd} value={isSet(true)} testId="row-set-pwd" />
        <ListRow label={t('security.changeWithCode')} hint={t('security.changeWithCodeHint')} to={paths.mine.modifyPwd} testId="row-modify-pwd" />
      </ListGroup>
      <ListGroup title={t('security.transactionPassword')}>
        <ListRow
          label={me.hasTransactionPassword ? t('security.changeTransaction') : t('security.setTransaction')}
          hint={t('security.transactionProtects')}
          to={paths.mine.resetLegalPwd}
          value={isSet(me.hasTransactionPassword)}
          testId="row-transaction-pwd"
        />
      </ListGroup>
      <ListGroup title={t('security.identity')}>
        <ListRow
          label={t('routes.authentication')}
          hint={t('security.identityProtects')}
          to={paths.mine.authentication}
          value={<ReviewBadge status={me.verification} />}
        />
      </ListGroup>
    </div>
  );
}
