/**
 * Every event told: a system message pushed while the app is open (a fill, a liquidation, a P2P
 * step, a loan decided, an IEO allocation…) is a toast on whatever page the user is on, in their
 * language, with a button to what it is about (or to the message itself). The dictionary's
 * message texts are not in core: they are loaded first (without them, the server's English shows).
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { messageLink, useMessageText } from '../api/messages';
import { loadStrings } from '../i18n';
import { paths, withQuery } from '../lib/paths';
import { useRealtime, useRealtimeStatus } from '../realtime/hooks';
import { toast } from '../ui/toast';

export function MessageToasts() {
  const { t } = useTranslation();
  const text = useMessageText();
  const navigate = useNavigate();
  const status = useRealtimeStatus();
  useRealtime(null, 'systemMessage', ({ message }) => {
    void loadStrings('rest')
      .catch(() => {})
      .then(() => {
        const { title, body } = text(message);
        const to = messageLink(message) ?? withQuery(paths.mine.systemMessagesDetail, { id: message.id });
        toast.notice({ id: message.id, title, message: body, action: { label: t('messages.open'), run: () => void navigate(to) } });
      });
  });
  // Whether notices arrive now (the user's connection is up): what a test waits for before it makes one happen.
  return <span hidden data-testid="live-notices" data-status={status} />;
}
