/**
 * Online service (/pages/mine/kefu, users and guests): the conversation with support, earlier
 * messages on demand, what I send shown at once (sending, delivered ✓, read by the agent ✓✓, or
 * failed with retry), the agent typing, text and images. A guest talks with a key tied to this
 * device. Agent messages are marked read while the chat is on screen.
 */
import { Button, Text } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { getToken } from '../../../api/client';
import { paths, withRedirect } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { Composer } from '../../../ui/chat/Composer';
import thread from '../../../ui/chat/chat.module.css';
import { WRAP } from '../../../ui/wrap';
import { useReadSupport, useSendSupport, useSupportAccess, useSupportChat } from '../api';
import { ChatMessage, OutgoingMessage } from '../components/ChatMessage';
import classes from '../components/support.module.css';

export default function KefuPage() {
  const { t } = useTranslation();
  const access = useSupportAccess();
  const chat = useSupportChat(access.isSuccess);
  const read = useReadSupport();
  const { outgoing, send, retry, discard } = useSendSupport();
  const unread = chat.messages.filter((m) => m.from === 'agent' && !m.read).length;
  const end = useRef<HTMLDivElement>(null);
  // Scrolls for a new newest message, not for earlier ones loaded above.
  const newest = `${chat.messages.at(-1)?.id ?? ''}|${outgoing.length}`;

  // What the agent wrote is read while it is on screen.
  useEffect(() => {
    if (!unread) return;
    if (document.visibilityState === 'visible') read();
    const onVisible = () => document.visibilityState === 'visible' && read();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [unread, read]);

  // The newest message (or the typing line) in view, as a chat app does.
  useLayoutEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [newest, chat.typing]);

  if (access.isError || (chat.isError && !chat.data)) return <LoadRetry onRetry={() => void (access.isError ? access.refetch() : chat.refetch())} />;
  if (!chat.data) return <PageSkeleton variant="chat" />;
  return (
    <div className={classes.page} data-testid="kefu">
      {!getToken() && (
        <div className={classes.note} data-testid="kefu-guest">
          {t('kefu.guest')} <Link to={withRedirect(paths.mine.login, paths.mine.kefu)}>{t('routes.login')}</Link>
        </div>
      )}
      <div className={thread.thread} role="log" aria-label={t('routes.kefu')}>
        {chat.hasNextPage && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => void chat.fetchNextPage()}
            loading={chat.isFetchingNextPage}
            classNames={WRAP}
            data-testid="kefu-earlier"
          >
            {t('kefu.earlier')}
          </Button>
        )}
        {chat.messages.map((m) => (
          <ChatMessage key={m.id} message={m} />
        ))}
        {outgoing.map((o) => (
          <OutgoingMessage key={o.localId} message={o} onRetry={() => void retry(o.localId)} onDiscard={() => discard(o.localId)} />
        ))}
        {chat.typing && (
          <Text className={classes.typing} aria-live="polite" data-testid="kefu-typing">
            {t('kefu.typing')}
          </Text>
        )}
        <div ref={end} />
      </div>
      <Composer onSend={send} testId="kefu" />
    </div>
  );
}
