/**
 * The transaction password (logged in), where the HTTP 401 "no transaction password" prompt leads.
 * None yet: six digits twice. Already set: a `security` code plus the new six digits twice.
 */
import { Alert, Badge, Button, Skeleton, Stack, Text } from '@mantine/core';
import { toast } from '../../../ui/toast';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { checkCode, checkConfirmation, checkTransactionPassword } from '../../../../../common/validation';
import { useMe } from '../../../api/me';
import { useSetTransactionPassword } from '../passwordApi';
import { CodeField } from '../../../ui/account/CodeField';
import { DigitsField } from '../components/password/DigitsField';
import { PageIntro } from '../components/password/PageIntro';
import { codeErrorOf, maskAccount, useValidationText } from '../components/password/text';
import classes from '../components/password/password.module.css';

type Field = 'code' | 'password' | 'confirm';

function ShieldIcon({ size = 20 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3z" />
      <path d="M9 12l2 2 4-4" />
    </svg>
  );
}

function TransactionPasswordForm({ account, hasPassword }: { account: string; hasPassword: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const save = useSetTransactionPassword();
  const text = useValidationText();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const next: Partial<Record<Field, string | null>> = {
      code: hasPassword ? text(checkCode(code)) : null,
      password: text(checkTransactionPassword(password)),
      confirm: text(checkConfirmation(password, confirm)),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    // mutateAsync, not mutate's callbacks: setting the password re-keys this form (it becomes the
    // change form), and callbacks of an unmounted mutate are dropped, the toast with them.
    save.mutateAsync({ password, confirmPassword: confirm, ...(hasPassword ? { code: code.trim() } : {}) }).then(
      () => {
        toast.success(t(hasPassword ? 'password.transaction.changeSuccess' : 'password.transaction.setSuccess'));
        // Arrived from the "no transaction password" prompt: back to what the user was doing.
        const back = new URLSearchParams(location.search).get('redirect');
        if (back?.startsWith('/') && !back.startsWith('//')) return navigate(back, { replace: true });
        setCode('');
        setPassword('');
        setConfirm('');
        setErrors({});
      },
      (err) => setErrors((prev) => ({ ...prev, code: codeErrorOf(err) })),
    );
  };

  return (
    <form className={classes.page} onSubmit={submit} noValidate data-testid={hasPassword ? 'tx-change-form' : 'tx-set-form'}>
      {hasPassword && (
        <Badge
          color="teal"
          variant="light"
          size="lg"
          radius="sm"
          tt="none"
          mb={-6}
          style={{ alignSelf: 'flex-start' }}
          leftSection={<ShieldIcon size={14} />}
          data-testid="tx-status"
        >
          {t('password.transaction.statusSet')}
        </Badge>
      )}
      <PageIntro title={t(hasPassword ? 'password.transaction.changeTitle' : 'password.transaction.setTitle')}>
        {hasPassword ? (
          <Trans
            i18nKey="password.transaction.changeIntro"
            values={{ account: maskAccount(account) }}
            components={{ b: <span className={classes.account} /> }}
          />
        ) : (
          t('password.transaction.setIntro')
        )}
      </PageIntro>
      <Alert
        variant="light"
        color="blue"
        icon={<ShieldIcon />}
        title={t('password.transaction.aboutTitle')}
        styles={{ message: { fontSize: 13 } }}
        data-testid="tx-about"
      >
        {t('password.transaction.about')}
      </Alert>
      {hasPassword && (
        <CodeField
          value={code}
          onChange={setCode}
          error={errors.code}
          onClearError={() => setErrors((x) => ({ ...x, code: null }))}
          request={() => ({ account, scene: 'security' })}
        />
      )}
      <DigitsField
        label={t(hasPassword ? 'password.transaction.newPassword' : 'password.transaction.password')}
        description={t('password.transaction.rule')}
        value={password}
        onChange={setPassword}
        error={errors.password}
        testId="tx-password"
      />
      <DigitsField label={t('password.transaction.confirm')} value={confirm} onChange={setConfirm} error={errors.confirm} testId="tx-confirm" />
      <Button type="submit" size="md" loading={save.isPending} data-testid="tx-submit">
        {t(hasPassword ? 'password.transaction.submitChange' : 'password.transaction.submitSet')}
      </Button>
    </form>
  );
}

export default function TransactionPasswordPage() {
  const { t } = useTranslation();
  const me = useMe();
  if (me.data) {
    // A new form when the user goes from "set" to "change", so no old value lingers.
    return <TransactionPasswordForm key={String(me.data.hasTransactionPassword)} account={me.data.account} hasPassword={me.data.hasTransactionPassword} />;
  }
  if (me.isError) {
    return (
      <Stack align="center" gap="sm" py={56} px={24} ta="center">
        <Text c="dimmed">{t('password.transaction.loadFailed')}</Text>
        <Button variant="light" onClick={() => void me.refetch()} loading={me.isFetching}>
          {t('password.common.retry')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack p={20} gap={14} data-testid="tx-loading">
      <Skeleton height={28} width="70%" />
      <Skeleton height={16} />
      <Skeleton height={84} radius="md" />
      <Skeleton height={64} />
      <Skeleton height={64} />
      <Skeleton height={42} />
    </Stack>
  );
}
