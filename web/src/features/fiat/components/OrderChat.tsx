/**
 * The chat of a fiat order between its buyer and seller (support joins in an appeal): mine at the
 * end, the other side's at the start, support's centred; text and images; live. Text is plain
 * text, never a link (a payment scam's favourite tool is a link in a chat). Writing ends with the
 * order; the chat stays readable.
 */
import { Text } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatDate } from '../../../lib/format';
import { ChatImage } from '../../../ui/chat/ChatImage';
import { Composer } from '../../../ui/chat/Composer';
import chat from '../../../ui/chat/chat.module.css';
import panel from '../../../ui/panel.module.css';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { useOrderChat, useSendOrderMessage, type P2pOrder } from '../api';

export function OrderChat({ order }: { order: P2pOrder }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const messages = useOrderChat(order.id);
  const send = useSendOrderMessage(order.id);
  const end = useRef<HTMLDivElement>(null);
  const open = order.status !== 'completed' && order.status !== 'cancelled';
  const count = messages.data?.length ?? 0;
  // A new message scrolls into view, but not on the first paint (the order's facts come first).
  const seen = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (seen.current !== null && count > seen.current) end.current?.scrollIntoView({ block: 'nearest' });
    if (messages.data) seen.current = count;
  }, [count, messages.data]);

  return (
    <section className={panel.card} aria-label={t('fiat.chat.title', { name: order.counterparty })} data-testid="p2p-chat">
      <Text size="sm" fw={600}>
        {t('fiat.chat.title', { name: order.counterparty })}
      </Text>
      {!messages.data ? (
        <PageSkeleton variant="chat" rows={2} />
      ) : (
        <div className={chat.thread} role="log" aria-live="polite">
          {messages.data.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('fiat.chat.empty')}
            </Text>
          )}
          {messages.data.map((m) => {
            const side = m.from === 'support' ? chat.notice : m.from === order.role ? chat.mine : chat.agent;
            return (
              <div key={m.id} className={`${chat.row} ${side}`} data-testid="p2p-chat-message" data-from={m.from}>
                {m.from === 'support' && <span className={chat.author}>{t('fiat.chat.support')}</span>}
                {m.image && <ChatImage id={m.image} testId="p2p-chat-image" />}
                {m.text && (
                  <div className={chat.bubble} data-server-text dir="auto">
                    {m.text}
                  </div>
                )}
                <span className={chat.meta}>{formatDate(m.time, 'dateTime', locale)}</span>
              </div>
            );
          })}
          <div ref={end} />
        </div>
      )}
      {open ? (
        <Composer
          onSend={(input) =>
            send.mutateAsync(input).then(
              () => true,
              () => false,
            )
          }
          busy={send.isPending}
          testId="p2p-chat"
        />
      ) : (
        <Text size="xs" c="dimmed" data-testid="p2p-chat-closed">
          {t('fiat.chat.closed')}
        </Text>
      )}
    </section>
  );
}
