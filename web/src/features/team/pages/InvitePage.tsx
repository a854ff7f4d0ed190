/**
 * Invite (/pages/mine/invite, login): my invitation code and my registration link, each with a
 * copy button, the link as a QR code, and the system share sheet where the browser has one. The
 * link opens registration with the code filled in.
 */
import { Button, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/me';
import { paths, withQuery } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { QrCode } from '../../../ui/QrCode';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';

/** The registration link with `code` filled in, on this app's host. */
const inviteLink = (code: string) => `${window.location.origin}${import.meta.env.BASE_URL}${withQuery(paths.mine.register, { invite: code }).slice(1)}`;

export default function InvitePage() {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isError && !me.data) return <LoadRetry onRetry={() => void me.refetch()} />;
  if (!me.data) return <PageSkeleton variant="detail" rows={3} />;
  const code = me.data.inviteCode;
  const link = inviteLink(code);
  const canShare = typeof navigator.share === 'function';
  const share = () => void navigator.share({ title: t('invite.shareTitle'), text: t('invite.shareText', { code }), url: link }).catch(() => {});
  const copy = (value: string, testId: string) => (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy: doCopy }) => (
        <Button
          size="compact-sm"
          variant={copied ? 'filled' : 'light'}
          color={copied ? 'teal' : undefined}
          onClick={doCopy}
          classNames={WRAP}
          data-testid={testId}
        >
          {copied ? t('invite.copied') : t('invite.copy')}
        </Button>
      )}
    </CopyButton>
  );
  return (
    <div className={panel.page} data-testid="invite">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('invite.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('invite.intro')}
        </Text>
      </Stack>
      <div className={panel.card}>
        <Group justify="space-between" wrap="nowrap" gap={8}>
          <div>
            <Text size="xs" c="dimmed">
              {t('invite.code')}
            </Text>
            <Text fw={700} size="xl" ff="monospace" data-testid="invite-code">
              {code}
            </Text>
          </div>
          {copy(code, 'invite-copy-code')}
        </Group>
        <div>
          <Text size="xs" c="dimmed">
            {t('invite.link')}
          </Text>
          <Text size="sm" dir="ltr" style={{ overflowWrap: 'anywhere' }} data-testid="invite-link" data-server-text>
            {link}
          </Text>
        </div>
        <Group gap={8} grow>
          {copy(link, 'invite-copy-link')}
          {canShare && (
            <Button size="compact-sm" onClick={share} classNames={WRAP} data-testid="invite-share">
              {t('invite.share')}
            </Button>
          )}
        </Group>
      </div>
      <div className={panel.card}>
        <QrCode value={link} alt={t('invite.qrAlt')} testId="invite-qr" />
        <Text size="xs" c="dimmed" ta="center">
          {t('invite.scan')}
        </Text>
      </div>
    </div>
  );
}
