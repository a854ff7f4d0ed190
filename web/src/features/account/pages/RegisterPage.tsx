/**
 * Registration (spec §5): email, or phone with its region; verification code with a resend
 * countdown; password 6-16 and not too simple, confirmed; referral code; agreement accepted. The
 * agreement box ticks freely; its label links open the two legal texts in a sheet over the form.
 */
import { Anchor, Button, Checkbox, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Draft } from '../../../lib/draft';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { checkCode, checkConfirmation, checkPassword, PASSWORD_MAX } from '../../../../../common/validation';
import { useRegister } from '../api';
import { useSessionSuccess } from '../components/useSessionSuccess';
import { AccountFields, useAccountField } from '../../../ui/account/AccountInput';
import { CodeField } from '../../../ui/account/CodeField';
import { LegalLink, LegalSheet } from '../components/LegalSheet';
import type { LegalDoc } from '../components/LegalText';
import classes from './auth.module.css';
import { PasswordField } from '../../../ui/PasswordField';
import { paths } from '../../../lib/paths';

type Field = 'account' | 'code' | 'password' | 'confirm' | 'agree';

/** The form survives a visit to another page and back (in memory only, never on disk). */
const draft = new Draft();

export default function RegisterPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const register = useRegister();
  const account = useAccountField(draft);
  const onSuccess = useSessionSuccess('auth.registerSuccess');
  const [code, setCode] = draft.useField('code', '');
  const [password, setPassword] = draft.useField('password', '');
  const [confirm, setConfirm] = draft.useField('confirm', '');
  const [invite, setInvite] = draft.useField('invite', () => new URLSearchParams(location.search).get('invite') ?? '');
  const [agree, setAgree] = draft.useField('agree', false);
  const [legal, setLegal] = useState<LegalDoc | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});

  const msg = (key: string | null) => (key ? t(`validation.${key}`) : null);
  const accountError = () => msg(account.check());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (register.isPending) return;
    const next: Partial<Record<Field, string | null>> = {
      account: accountError(),
      code: msg(checkCode(code)),
      password: msg(checkPassword(password)),
      confirm: msg(checkConfirmation(password, confirm)),
      agree: agree ? null : t('validation.agreementRequired'),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    register.mutate(
      {
        accountType: account.kind,
        ...account.fields(),
        password,
        confirmPassword: confirm,
        code: code.trim(),
        ...(invite.trim() ? { inviteCode: invite.trim().toUpperCase() } : {}),
        agree: true,
      },
      {
        onSuccess: () => {
          draft.clear();
          onSuccess();
        },
      },
    );
  };

  return (
    <form className={classes.page} onSubmit={submit} noValidate>
      <h2 className={classes.title}>{t('auth.createAccount')}</h2>
      <AccountFields field={account} error={errors.account} onKindChange={() => setErrors({})} />
      <CodeField
        value={code}
        onChange={setCode}
        error={errors.code}
        onClearError={() => setErrors((prev) => ({ ...prev, code: null }))}
        request={() => {
          const err = accountError();
          setErrors((prev) => ({ ...prev, account: err }));
          return err ? null : { ...account.fields(), scene: 'register' };
        }}
      />
      <PasswordField
        label={t('auth.password')}
        description={t('auth.passwordRule')}
        placeholder={t('auth.passwordPlaceholder')}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={errors.password}
        data-testid="password-input"
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        placeholder={t('auth.confirmPlaceholder')}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={confirm}
        onChange={(e) => setConfirm(e.currentTarget.value)}
        error={errors.confirm}
        data-testid="confirm-input"
      />
      <TextInput
        label={t('auth.inviteCode')}
        placeholder={t('auth.inviteOptional')}
        value={invite}
        onChange={(e) => setInvite(e.currentTarget.value)}
        maxLength={16}
        data-testid="invite-input"
      />
      <Checkbox
        checked={agree}
        onChange={(e) => {
          const checked = e.currentTarget.checked;
          setErrors((prev) => ({ ...prev, agree: null }));
          setAgree(checked);
        }}
        error={errors.agree}
        data-testid="agree-checkbox"
        label={
          <Trans
            i18nKey="auth.agreeTerms"
            components={{ agreement: <LegalLink doc="agreement" onOpen={setLegal} />, policy: <LegalLink doc="policy" onOpen={setLegal} /> }}
          />
        }
      />
      <LegalSheet doc={legal} onClose={() => setLegal(null)} />
      <Button type="submit" size="md" loading={register.isPending} data-testid="register-submit">
        {t('auth.register')}
      </Button>
      <Text size="sm" ta="center">
        {t('auth.haveAccount')}{' '}
        <Anchor component={Link} to={`${paths.mine.login}${location.search}`} underline="always">
          {t('auth.login')}
        </Anchor>
      </Text>
    </form>
  );
}
