/**
 * System messages (/pages/mine/systemMessages, login): newest first with unread ones marked,
 * "mark all read", page by page; a new message arrives live at the top.
 */
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMessageEvents, useMessages, useMessageText, useReadAllMessages } from '../../../api/messages';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatDate } from '../../../lib/format';
import { paths, withQuery } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { ChatIcon } from '../../../ui/emptyIcons';
import { LoadMore } from '../../../ui/LoadMore';
import { WRAP } from '../../../ui/wrap';
import classes from '../components/messages.module.css';

export default function MessagesPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const text = useMessageText();
  useMessageEvents();
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useMessages();
  const readAll = useReadAllMessages();
  if (isPending) return <PageSkeleton variant="inbox" rows={5} />;
  if (isError && !data) return <LoadRetry onRetry={() => void refetch()} />;
  const items = data.pages.flatMap((p) => p.items);
  const unread = data.pages[0]?.unread ?? 0;
  return (
    <div className={classes.page} data-testid="messages">
      <div className={classes.head}>
        <Text size="sm" c="dimmed" data-testid="messages-unread">
          {t('messages.unread', { count: unread })}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={unread === 0}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
          classNames={WRAP}
          data-testid="messages-read-all"
        >
          {t('messages.readAll')}
        </Button>
      </div>
      {items.length === 0 && <EmptyState testId="messages-empty" icon={<ChatIcon />} title={t('empty.messages.title')} hint={t('empty.messages.hint')} />}
      {items.map((m) => {
        const { title, body } = text(m);
        return (
          <Link
            key={m.id}
            to={withQuery(paths.mine.systemMessagesDetail, { id: m.id })}
            className={`${classes.item} ${m.read ? '' : classes.unread}`}
            data-testid="message-item"
            data-read={m.read}
          >
            <span className={classes.dot} aria-label={m.read ? undefined : t('messages.unreadMark')} role={m.read ? undefined : 'img'} />
            <div>
              <div className={classes.title}>{title}</div>
              <div className={classes.snippet}>{body}</div>
              <Text size="xs" c="dimmed" mt={2}>
                {formatDate(m.time, 'dateTime', locale)}
              </Text>
            </div>
          </Link>
        );
      })}
      <LoadMore query={{ hasNextPage, isFetchingNextPage, fetchNextPage }} label={t('messages.loadMore')} />
    </div>
  );
}
