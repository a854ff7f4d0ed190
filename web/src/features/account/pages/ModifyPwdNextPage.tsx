/**
 * Change the login password by code, step 2 (logged in): the new password twice with the ticket of
 * step 1. This session stays, the others end; then back to the security centre.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NewPasswordStep } from '../components/password/NewPasswordStep';
import { paths } from '../../../lib/paths';

export default function ModifyPwdNextPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <NewPasswordStep
      stepOne={paths.mine.modifyPwd}
      title={t('password.modify.newTitle')}
      intro={() => t('password.common.otherSessions')}
      submitLabel={t('password.modify.submit')}
      successMessage={t('password.modify.success')}
      onDone={() => navigate(paths.mine.security, { replace: true })}
    />
  );
}
