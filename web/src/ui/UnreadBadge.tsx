/** Unread counts as a small red badge (nothing when all are read), live: system messages, and the support chat. */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/messages';
import { useSupportUnread } from '../api/support';

function CountBadge({ count, className, testId }: { count: number | undefined; className?: string; testId: string }) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <Badge color="red" size="sm" circle={count < 10} className={className} aria-label={t('messages.unread', { count })} data-testid={testId}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

export function UnreadBadge({ className }: { className?: string }) {
  return <CountBadge count={useUnreadCount()} className={className} testId="unread-badge" />;
}

export function SupportUnreadBadge({ className }: { className?: string }) {
  return <CountBadge count={useSupportUnread()} className={className} testId="support-unread-badge" />;
}
