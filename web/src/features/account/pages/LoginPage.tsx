/** Login with an email, or a phone number and its region, and the password. */
import { Anchor, Button, PasswordInput, SegmentedControl, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CountryCode } from 'libphonenumber-js/min';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { checkEmail, checkPhone } from '../../../../../common/validation';
import { useLogin } from '../api';
import { AccountInput, defaultCountry, type AccountKind } from '../components/AccountInput';
import { safeRedirect } from '../redirect';
import classes from './auth.module.css';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [kind, setKind] = useState<AccountKind>('email');
  const [account, setAccount] = useState('');
  const [country, setCountry] = useState<CountryCode>(defaultCountry);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ account?: string | null; password?: string | null }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (login.isPending) return;
    const accountError = kind === 'email' ? checkEmail(account) : checkPhone(account, country);
    const next = {
      account: accountError && t(`validation.${accountError}`),
      password: password ? null : t('validation.required'),
    };
    setErrors(next);
    if (next.account || next.password) return;
    login.mutate(
      { account: account.trim(), password, ...(kind === 'phone' ? { country } : {}) },
      {
        onSuccess: () => {
          notifications.show({ message: t('auth.loginSuccess'), color: 'teal' });
          navigate(safeRedirect(location.search), { replace: true });
        },
      },
    );
  };

  return (
    <form className={classes.page} onSubmit={submit} noValidate>
      <h2 className={classes.title}>{t('auth.welcomeBack')}</h2>
      <SegmentedControl
        value={kind}
        onChange={(v) => {
          setKind(v as AccountKind);
          setErrors({});
        }}
        data={[
          { value: 'email', label: t('auth.email') },
          { value: 'phone', label: t('auth.phone') },
        ]}
      />
      <AccountInput kind={kind} value={account} onChange={setAccount} country={country} onCountryChange={setCountry} error={errors.account} />
      <PasswordInput
        label={t('auth.password')}
        placeholder={t('auth.passwordPlaceholder')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={errors.password}
        data-testid="password-input"
      />
      <Button type="submit" size="md" loading={login.isPending} data-testid="login-submit">
        {t('auth.login')}
      </Button>
      <div className={classes.links}>
        <Anchor component={Link} to="/pages/mine/forgetPwd">
          {t('auth.forgot')}
        </Anchor>
        <Text size="sm">
          {t('auth.noAccount')}{' '}
          <Anchor component={Link} to={`/pages/mine/register${location.search}`}>
            {t('auth.register')}
          </Anchor>
        </Text>
      </div>
    </form>
  );
}
