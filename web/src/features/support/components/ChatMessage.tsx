/**
 * One message of the support chat. Text is plain text: React renders it as text, and only what
 * `segments` finds becomes a link (https URLs open outside the app, pages of the app inside it).
 * An automatic agent answer (`kind`) shows the app's translation, with the page it points to.
 */
import { Anchor, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatDate } from '../../../lib/format';
import { ChatImage } from '../../../ui/chat/ChatImage';
import chat from '../../../ui/chat/chat.module.css';
import { WRAP } from '../../../ui/wrap';
import type { Outgoing, SupportMessage } from '../api';
import { segments } from './linkify';
import classes from './support.module.css';

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The title of an app page the way the app names it (its route title), or the path itself. */
function usePageTitle(): (path: string) => string {
  const { t, i18n } = useTranslation();
  return (path) => {
    const [group, page] = path.split('?')[0].split('/').slice(2).map(camel);
    const key = [`routes.${page}`, `tabs.${page}`, `tabs.${group}`].find((k) => i18n.exists(k));
    return key ? t(key) : path;
  };
}

function LinkedText({ text }: { text: string }) {
  const title = usePageTitle();
  return (
    <>
      {segments(text).map((s, i) =>
        s.kind === 'text' ? (
          s.text
        ) : s.kind === 'url' ? (
          <Anchor key={i} href={s.href} target="_blank" rel="noopener noreferrer nofollow" data-testid="kefu-link">
            {s.text}
          </Anchor>
        ) : (
          <Anchor key={i} component={Link} to={s.path} data-testid="kefu-link">
            {title(s.path)}
          </Anchor>
        ),
      )}
    </>
  );
}

export function ChatMessage({ message }: { message: SupportMessage }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const title = usePageTitle();
  const mine = message.from === 'user';
  const automatic = message.from === 'agent' && message.kind !== undefined;
  const pages = automatic && message.text ? segments(message.text).filter((s) => s.kind === 'page') : [];
  return (
    <div className={`${chat.row} ${mine ? chat.mine : chat.agent}`} data-testid="kefu-message" data-from={message.from} data-kind={message.kind}>
      {message.image && <ChatImage id={message.image} testId="kefu-image" />}
      {(automatic || message.text) && (
        <div className={chat.bubble} data-server-text={automatic ? undefined : true} dir={automatic ? undefined : 'auto'}>
          {automatic ? t(`kefu.bot.${message.kind}`) : <LinkedText text={message.text ?? ''} />}
          {pages.length > 0 && (
            <div className={classes.pages}>
              {pages.map((p) => (
                <Button key={p.text} component={Link} to={p.text} size="compact-xs" variant="light" classNames={WRAP} data-testid="kefu-page-link">
                  {title(p.text)}
                </Button>
              ))}
            </div>
          )}
        </div>
      )}
      <span className={chat.meta}>
        {formatDate(message.time, 'dateTime', locale)}
        {mine && (
          <span
            data-testid="kefu-status"
            data-status={message.read ? 'read' : 'delivered'}
            aria-label={message.read ? t('kefu.read') : t('kefu.delivered')}
            role="img"
          >
            {message.read ? '✓✓' : '✓'}
          </span>
        )}
      </span>
    </div>
  );
}

/** A message of mine the server has not confirmed: sending, or failed with retry and discard. */
export function OutgoingMessage({ message, onRetry, onDiscard }: { message: Outgoing; onRetry: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={`${chat.row} ${chat.mine}`} data-testid="kefu-outgoing" data-status={message.status}>
      {message.preview && <img src={message.preview} alt={t('kefu.imageAlt')} className={chat.image} />}
      {message.text && (
        <div className={chat.bubble} data-server-text dir="auto">
          {message.text}
        </div>
      )}
      <span className={`${chat.meta} ${message.status === 'failed' ? chat.failed : ''}`}>
        {message.status === 'sending' ? (
          t('kefu.sending')
        ) : (
          <>
            {t('kefu.failed')}
            <Button size="compact-xs" variant="subtle" onClick={onRetry} classNames={WRAP} data-testid="kefu-retry">
              {t('kefu.retry')}
            </Button>
            <Button size="compact-xs" variant="subtle" color="gray" onClick={onDiscard} classNames={WRAP}>
              {t('kefu.discard')}
            </Button>
          </>
        )}
      </span>
    </div>
  );
}
