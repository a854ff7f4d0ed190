/**
 * Change the login password with the current one (logged in). A wrong current password comes back
 * as the server's message; every value stays. Other sessions of the user end on success.
 */
import { Anchor, Button } from '@mantine/core';
import { PasswordField } from '../../../ui/PasswordField';
import { toast } from '../../../ui/toast';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { checkConfirmation, checkPassword } from '../../../../../common/validation';
import { useChangePassword } from '../passwordApi';
import { NewPasswordFields } from '../components/password/NewPasswordFields';
import { PageIntro } from '../components/password/PageIntro';
import { errorCodeOf, useValidationText } from '../components/password/text';
import classes from '../components/password/password.module.css';
import { paths } from '../../../lib/paths';

type Field = 'current' | 'password' | 'confirm';

export default function SetPwdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangePassword();
  const text = useValidationText();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (change.isPending) return;
    const next: Partial<Record<Field, string | null>> = {
      current: current ? null : text('required'),
      password: text(checkPassword(password)) ?? (current && password === current ? text('passwordUnchanged') : null),
      confirm: text(checkConfirmation(password, confirm)),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    change.mutate(
      { oldPassword: current, password, confirmPassword: confirm },
      {
        onSuccess: () => {
          toast.success(t('password.setPwd.success'));
          navigate(paths.mine.security, { replace: true });
        },
        onError: (err) => {
          // The toast already shows the server's message; mark the field it is about.
          if (errorCodeOf(err) === 'wrong_old_password') setErrors((prev) => ({ ...prev, current: err.message }));
        },
      },
    );
  };

  return (
    <form className={classes.page} onSubmit={submit} noValidate>
      <PageIntro title={t('password.setPwd.title')}>{t('password.setPwd.intro')}</PageIntro>
      <PasswordField
        label={t('password.setPwd.current')}
        placeholder={t('password.setPwd.currentPlaceholder')}
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.currentTarget.value)}
        error={errors.current}
        data-testid="current-password-input"
      />
      <NewPasswordFields password={password} confirm={confirm} onPasswordChange={setPassword} onConfirmChange={setConfirm} errors={errors} />
      <Button type="submit" size="md" loading={change.isPending} data-testid="set-pwd-submit">
        {t('password.setPwd.submit')}
      </Button>
      <div className={classes.links}>
        <Anchor component={Link} to={paths.mine.modifyPwd} size="sm">
          {t('password.setPwd.forgotCurrent')}
        </Anchor>
      </div>
    </form>
  );
}
