/** "Send code" with the resend countdown (60 s, or what the server says). */
import { Button } from '@mantine/core';
import { toast } from '../toast';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendCode } from '../../api/sendCode';

export function SendCodeButton({
  request,
}: {
  /** Returns the request to send, or null when the account field is invalid (it shows why). */
  request: () => { account: string; country?: string; scene: 'register' | 'login' | 'forget_password' | 'security' } | null;
}) {
  const { t } = useTranslation();
  const send = useSendCode();
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);

  const onClick = () => {
    const body = request();
    if (!body || send.isPending || left > 0) return;
    send.mutate(body, {
      onSuccess: (res) => {
        setNow(Date.now());
        setUntil(Date.now() + res.cooldownSeconds * 1000);
        toast.success(t('auth.codeSent'));
      },
    });
  };

  return (
    <Button variant="light" onClick={onClick} loading={send.isPending} disabled={left > 0} miw={116} data-testid="send-code">
      {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
    </Button>
  );
}
