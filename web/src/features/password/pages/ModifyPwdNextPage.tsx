/**
 * Change the login password by code, step 2 (logged in): the new password twice with the ticket of
 * step 1. This session stays, the others end; then back to the security centre.
 */
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { checkConfirmation, checkPassword } from '../../../../../common/validation';
import { useResetPassword } from '../api';
import { MissingTicket } from '../components/MissingTicket';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { PageIntro } from '../components/PageIntro';
import { errorCodeOf, useValidationText } from '../components/text';
import { readTicketState } from '../components/ticket';
import classes from '../components/password.module.css';

const STEP_ONE = '/pages/mine/modifyPwd';

export default function ModifyPwdNextPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const text = useValidationText();
  const state = readTicketState(location.state);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string | null; confirm?: string | null }>({});
  const [expired, setExpired] = useState(false);

  if (!state || expired) return <MissingTicket backTo={STEP_ONE} expired={expired} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reset.isPending) return;
    const next = { password: text(checkPassword(password)), confirm: text(checkConfirmation(password, confirm)) };
    setErrors(next);
    if (next.password || next.confirm) return;
    reset.mutate(
      { ticket: state.ticket, password, confirmPassword: confirm },
      {
        onSuccess: () => {
          notifications.show({ message: t('password.modify.success'), color: 'teal' });
          navigate('/pages/mine/security', { replace: true });
        },
        onError: (err) => {
          if (errorCodeOf(err) === 'ticket_invalid') setExpired(true);
        },
      },
    );
  };

  return (
    <form className={classes.page} onSubmit={submit} noValidate>
      <PageIntro step={2} title={t('password.modify.newTitle')}>
        {t('password.common.otherSessions')}
      </PageIntro>
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirm}
        errors={errors}
      />
      <Button type="submit" size="md" loading={reset.isPending} data-testid="reset-submit">
        {t('password.modify.submit')}
      </Button>
    </form>
  );
}
