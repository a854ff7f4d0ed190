/** The new login password and its confirmation, with the rule under the first field. */
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX } from '../../../../../../common/validation';
import { PasswordField } from '../../../../ui/PasswordField';

export function NewPasswordFields({
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  errors,
}: {
  password: string;
  confirm: string;
  onPasswordChange: (v: string) => void;
  onConfirmChange: (v: string) => void;
  errors: { password?: string | null; confirm?: string | null };
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('password.common.newPassword')}
        description={t('password.common.passwordRule')}
        placeholder={t('password.common.newPasswordPlaceholder')}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={password}
        onChange={(e) => onPasswordChange(e.currentTarget.value)}
        error={errors.password}
        data-testid="new-password-input"
      />
      <PasswordField
        label={t('password.common.confirmPassword')}
        placeholder={t('password.common.confirmPlaceholder')}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={confirm}
        onChange={(e) => onConfirmChange(e.currentTarget.value)}
        error={errors.confirm}
        data-testid="confirm-input"
      />
    </>
  );
}
