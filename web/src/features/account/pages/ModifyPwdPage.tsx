/**
 * Change the login password by code, step 1 (logged in): a `security` code sent to the user's own
 * account (shown masked), checked for a one-time ticket carried to step 2 in the history state.
 */
import { Button, Skeleton } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { checkCode } from '../../../../../common/validation';
import { useMe } from '../../../api/me';
import { useCheckCode } from '../passwordApi';
import { CodeField } from '../../../ui/account/CodeField';
import { PageIntro } from '../components/password/PageIntro';
import { codeErrorOf, maskAccount, useValidationText } from '../components/password/text';
import type { TicketState } from '../components/password/ticket';
import classes from '../components/password/password.module.css';
import { paths } from '../../../lib/paths';

export default function ModifyPwdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const check = useCheckCode();
  const text = useValidationText();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (check.isPending) return;
    const invalid = text(checkCode(code));
    setError(invalid);
    if (invalid) return;
    check.mutate(
      { scene: 'security', code: code.trim() },
      {
        onSuccess: ({ ticket }) => {
          const state: TicketState = { ticket };
          navigate(paths.mine.modifyPwdNext, { state });
        },
        onError: (err) => setError(codeErrorOf(err)),
      },
    );
  };

  return (
    <form className={classes.page} onSubmit={submit} noValidate>
      <PageIntro step={1} title={t('password.modify.title')}>
        {me.data ? (
          <Trans
            i18nKey="password.modify.intro"
            values={{ account: maskAccount(me.data.account) }}
            components={{ b: <span className={classes.account} data-testid="masked-account" /> }}
          />
        ) : (
          <Skeleton component="span" height={14} width="80%" display="inline-block" />
        )}
      </PageIntro>
      <CodeField
        value={code}
        onChange={setCode}
        error={error}
        onClearError={() => setError(null)}
        request={() => (me.data ? { account: me.data.account, scene: 'security' } : null)}
      />
      <Button type="submit" size="md" loading={check.isPending} data-testid="modify-next">
        {t('password.common.next')}
      </Button>
    </form>
  );
}
