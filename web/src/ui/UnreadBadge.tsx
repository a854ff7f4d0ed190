/** Unread counts as a small red badge (nothing when all are read), live: system messages, and the support chat. */
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/messages';
import { useSupportUnread } from '../api/support';
import classes from './unreadBadge.module.css';

function CountBadge({ count, className, testId }: { count: number | undefined; className?: string; testId: string }) {
  const { t } = useTranslation();
  if (!count) return null;
  // A plain span styled as Mantine's small red Badge: it sits on home's first screen, where
  // Mantine's Badge would bring its styles machinery along.
  return (
    <span
      className={className ? `${classes.badge} ${className}` : classes.badge}
      data-circle={count < 10 || undefined}
      aria-label={t('messages.unread', { count })}
      data-testid={testId}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

export function UnreadBadge({ className }: { className?: string }) {
  return <CountBadge count={useUnreadCount()} className={className} testId="unread-badge" />;
}

export function SupportUnreadBadge({ className }: { className?: string }) {
  return <CountBadge count={useSupportUnread()} className={className} testId="support-unread-badge" />;
}
