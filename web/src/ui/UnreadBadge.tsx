/** The number of unread system messages as a small red badge (nothing when all are read), live. */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/messages';

export function UnreadBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  if (!unread) return null;
  return (
    <Badge color="red" size="sm" circle={unread < 10} className={className} aria-label={t('messages.unread', { count: unread })} data-testid="unread-badge">
      {unread > 99 ? '99+' : unread}
    </Badge>
  );
}
