/** Authorization code: an agent (reseller) enters the code the platform gave them. */
import { Alert, Button, TextInput } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { meQuery, useMe } from '../../../api/me';
import classes from './auth.module.css';

export default function AuthorizationCodePage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const redeem = useMutation({
    mutationFn: (value: string) => call('redeemAuthorizationCode', { body: { code: value } }),
    onSuccess: (user) => {
      queryClient.setQueryData(meQuery.queryKey, user);
      toast.success(t('authorization.success'));
    },
  });

  if (!me) return <PageSkeleton variant="detail" rows={3} />;
  if (me.role === 'agent') {
    return (
      <div className={classes.page}>
        <Alert color="grape" title={t('authorization.agentTitle')} data-testid="agent-status">
          {t('authorization.agentBody')}
        </Alert>
      </div>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (redeem.isPending) return;
    const value = code.trim();
    if (value.length < 4) return setError(t('authorization.tooShort'));
    setError(null);
    redeem.mutate(value);
  };

  return (
    <form className={classes.page} onSubmit={submit} noValidate>
      <p style={{ margin: 0 }}>{t('authorization.intro')}</p>
      <TextInput
        label={t('routes.authorizationCode')}
        placeholder={t('authorization.placeholder')}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
        error={error}
        autoCapitalize="characters"
        maxLength={32}
        data-testid="authorization-input"
      />
      <Button type="submit" size="md" loading={redeem.isPending} data-testid="authorization-submit">
        {t('authorization.submit')}
      </Button>
    </form>
  );
}
