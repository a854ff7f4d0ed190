/**
 * The composer of a chat (support, a fiat order): a text box (Enter sends, Shift+Enter is a new
 * line), an image button, and Send. Text over the contract's limit cannot be typed; a picked image
 * is checked (type, size) before it is sent.
 */
import { ActionIcon, Button, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageIcon } from '../icons';
import { readImage } from '../uploads/ImageUpload';
import { useUploadMaxBytes } from '../uploads/api';
import { WRAP } from '../wrap';
import classes from './chat.module.css';

/** The longest text a chat message takes (the contract's SupportMessageRequest and P2pMessageRequest `text`). */
export const MAX_CHAT_TEXT = 1000;

/**
 * `onSend` answers false when the message did not go (the text then stays in the box); anything
 * else clears it. `testId` prefixes the test ids of the file input, image button, box and Send.
 */
export function Composer({ onSend, busy = false, testId }: { onSend: (input: { text?: string; image?: string }) => unknown; busy?: boolean; testId: string }) {
  const { t } = useTranslation();
  const maxBytes = useUploadMaxBytes();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const submit = async () => {
    if (!text.trim() || busy) return;
    if ((await onSend({ text: text.trim() })) !== false) setText('');
  };
  const pick = async (input: HTMLInputElement) => {
    const chosen = input.files?.[0];
    input.value = '';
    if (!chosen) return;
    const read = await readImage(chosen, maxBytes);
    if ('problem' in read) setProblem(t(`upload.${read.problem}`, { max: Math.floor(maxBytes / (1024 * 1024)) }));
    else {
      setProblem(null);
      onSend({ image: read.dataUrl });
    }
  };
  return (
    <div className={classes.composer}>
      <input
        ref={file}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        onChange={(e) => void pick(e.currentTarget)}
        data-testid={`${testId}-file`}
      />
      <ActionIcon variant="subtle" size="lg" onClick={() => file.current?.click()} aria-label={t('kefu.attach')} data-testid={`${testId}-attach`}>
        <ImageIcon />
      </ActionIcon>
      <Textarea
        className={classes.input}
        value={text}
        onChange={(e) => setText(e.currentTarget.value.slice(0, MAX_CHAT_TEXT))}
        onKeyDown={(e) => {
          // Enter sends on a keyboard; Shift+Enter is a new line (phones send with the button).
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void submit();
          }
        }}
        placeholder={t('kefu.placeholder')}
        aria-label={t('kefu.placeholder')}
        autosize
        minRows={1}
        maxRows={4}
        maxLength={MAX_CHAT_TEXT}
        error={problem}
        description={text.length > MAX_CHAT_TEXT - 100 ? t('kefu.left', { count: MAX_CHAT_TEXT - text.length }) : undefined}
        data-testid={`${testId}-input`}
      />
      <Button onClick={() => void submit()} disabled={!text.trim()} loading={busy} classNames={WRAP} data-testid={`${testId}-send`}>
        {t('kefu.send')}
      </Button>
    </div>
  );
}
