/** Login with an email, or a phone number and its region, and the password. */
import { Anchor, Button, Checkbox, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useLogin } from '../api';
import type { CountryCode } from 'libphonenumber-js/min';
import { useSessionSuccess } from '../components/useSessionSuccess';
import { AccountFields, useAccountField, type AccountKind } from '../../../ui/account/AccountInput';
import { forgetAccount, rememberAccount, rememberedAccount } from '../remember';
import classes from './auth.module.css';
import { PasswordField } from '../../../ui/PasswordField';
import { paths } from '../../../lib/paths';

export default function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const login = useLogin();
  const [remembered] = useState(rememberedAccount);
  // After a password reset the account arrives in router state; else the remembered one, if any.
  const fromState = location.state as { account?: string; country?: CountryCode; kind?: AccountKind } | null;
  const account = useAccountField(
    undefined,
    fromState?.account ? { kind: fromState.kind ?? 'email', value: fromState.account, country: fromState.country } : (remembered ?? undefined),
  );
  const [remember, setRemember] = useState(remembered !== null);
  const onSuccess = useSessionSuccess('auth.loginSuccess');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ account?: string | null; password?: string | null }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (login.isPending) return;
    const accountError = account.check();
    const next = {
      account: accountError && t(`validation.${accountError}`),
      password: password ? null : t('validation.required'),
    };
    setErrors(next);
    if (next.account || next.password) return;
    login.mutate(
      { ...account.fields(), password },
      {
        onSuccess: () => {
          if (remember) rememberAccount({ kind: account.kind, value: account.value.trim(), country: account.country });
          else forgetAccount();
          onSuccess();
        },
      },
    );
  };

  return (
    <form className={classes.page} onSubmit={submit} noValidate>
      <h2 className={classes.title}>{t('auth.welcomeBack')}</h2>
      <AccountFields field={account} error={errors.account} onKindChange={() => setErrors({})} />
      <PasswordField
        label={t('auth.password')}
        placeholder={t('auth.passwordPlaceholder')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={errors.password}
        data-testid="password-input"
      />
      <Checkbox
        checked={remember}
        onChange={(e) => setRemember(e.currentTarget.checked)}
        label={t('auth.rememberAccount')}
        description={t('auth.rememberHint')}
        data-testid="remember-account"
      />
      <Button type="submit" size="md" loading={login.isPending} data-testid="login-submit">
        {t('auth.login')}
      </Button>
      <div className={classes.links}>
        <Anchor component={Link} to={paths.mine.forgetPwd} size="sm">
          {t('auth.forgot')}
        </Anchor>
        <Text size="sm">
          {t('auth.noAccount')}{' '}
          <Anchor component={Link} to={`${paths.mine.register}${location.search}`} underline="always">
            {t('auth.register')}
          </Anchor>
        </Text>
      </div>
    </form>
  );
}
