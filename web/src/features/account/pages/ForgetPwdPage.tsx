/**
 * Forgot password, step 1: the account (email, or phone with its region) and a code sent to it.
 * "Next" checks the code for a one-time ticket and carries it to step 2 in the history state.
 */
import { Anchor, Button } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { checkCode } from '../../../../../common/validation';
import { AccountFields, useAccountField } from '../../../ui/account/AccountInput';
import { useCheckCode } from '../passwordApi';
import { CodeField } from '../../../ui/account/CodeField';
import { PageIntro } from '../components/password/PageIntro';
import { codeErrorOf, useValidationText } from '../components/password/text';
import type { TicketState } from '../components/password/ticket';
import classes from '../components/password/password.module.css';
import { paths } from '../../../lib/paths';

export default function ForgetPwdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const check = useCheckCode();
  const account = useAccountField();
  const text = useValidationText();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ account?: string | null; code?: string | null }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (check.isPending) return;
    const next = { account: text(account.check()), code: text(checkCode(code)) };
    setErrors(next);
    if (next.account || next.code) return;
    const fields = account.fields();
    check.mutate(
      { ...fields, scene: 'forget_password', code: code.trim() },
      {
        onSuccess: ({ ticket }) => {
          const state: TicketState = { ticket, account: fields.account, country: fields.country, kind: account.kind };
          navigate(paths.mine.forgetPwdNext, { state });
        },
        onError: (err) => setErrors((prev) => ({ ...prev, code: codeErrorOf(err) })),
      },
    );
  };

  return (
    <form className={classes.page} onSubmit={submit} noValidate>
      <PageIntro step={1} title={t('password.forget.title')}>
        {t('password.forget.intro')}
      </PageIntro>
      <AccountFields field={account} error={errors.account} onKindChange={() => setErrors({})} />
      <CodeField
        value={code}
        onChange={setCode}
        error={errors.code}
        onClearError={() => setErrors((prev) => ({ ...prev, code: null }))}
        request={() => {
          const err = text(account.check());
          setErrors((prev) => ({ ...prev, account: err }));
          return err ? null : { ...account.fields(), scene: 'forget_password' };
        }}
      />
      <Button type="submit" size="md" loading={check.isPending} data-testid="forget-next">
        {t('password.common.next')}
      </Button>
      <div className={classes.links}>
        <Anchor component={Link} to={paths.mine.login} size="sm">
          {t('password.forget.backToLogin')}
        </Anchor>
      </div>
    </form>
  );
}
