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
import { exactMoney, formatDate, isolate } from '../../../lib/format';
import { ChatImage } from '../../../ui/chat/ChatImage';
import { Composer } from '../../../ui/chat/Composer';
import chat from '../../../ui/chat/chat.module.css';
import panel from '../../../ui/panel.module.css';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { useOrderChat, useSendOrderMessage, type P2pMessage, type P2pOrder } from '../api';

/**
 * An automatic message (a merchant's reminder, support's notes) in the reader's language, from its
 * kind and values (an appeal's wording by who appealed); null for what a person typed, or a kind
 * this app does not know (then its text shows, as the server wrote it).
 */
function useAutomaticText(): (m: P2pMessage) => string | null {
  const { t, i18n } = useTranslation();
  const locale = useIntlLocale();
  return (m) => {
    const key = `fiat.chat.auto.${m.kind}`;
    const p = m.params ?? {};
    if (!m.kind || !i18n.exists(key, { context: p.by })) return null;
    return t(key, {
      context: p.by,
      ...(p.amount ? { amount: exactMoney(p.amount, p.fiat ?? '', locale) } : {}),
      ...(p.reference ? { reference: isolate(p.reference) } : {}),
    });
  };
}

export function OrderChat({ order }: { order: P2pOrder }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const messages = useOrderChat(order.id);
  const send = useSendOrderMessage(order.id);
  const automatic = useAutomaticText();
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
            const said = automatic(m);
            return (
              <div key={m.id} className={`${chat.row} ${side}`} data-testid="p2p-chat-message" data-from={m.from}>
                {m.from === 'support' && <span className={chat.author}>{t('fiat.chat.support')}</span>}
                {m.image && <ChatImage id={m.image} testId="p2p-chat-image" />}
                {said !== null ? (
                  <div className={chat.bubble} data-testid="p2p-chat-automatic">
                    {said}
                  </div>
                ) : (
                  m.text && (
                    <div className={chat.bubble} data-server-text dir="auto">
                      {m.text}
                    </div>
                  )
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
