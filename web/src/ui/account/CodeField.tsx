/**
 * The verification code input with its "Send code" button (60 s resend countdown). Its error is
 * about the code typed: it clears (`onClearError`, required so no form forgets it) as soon as the
 * user edits the code or asks for a new one, instead of staying beside a fresh code.
 */
import { Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from './SendCodeButton';

type SendRequest = Parameters<typeof SendCodeButton>[0]['request'];

export function CodeField({
  value,
  onChange,
  error,
  onClearError,
  request,
  label,
  placeholder,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
  /** Clears `error`: called when the user edits the code or presses "Send code". */
  onClearError: () => void;
  request: SendRequest;
  /** The field's label and placeholder where the generic ones do not fit. */
  label?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={8} align="flex-start" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={label ?? t('auth.code')}
        placeholder={placeholder ?? t('auth.codePlaceholder')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={value}
        onChange={(e) => {
          if (error) onClearError();
          onChange(e.currentTarget.value.replace(/\D/g, ''));
        }}
        error={error}
        data-testid="code-input"
      />
      {/* Lines the button up with the input, below the label. */}
      <div style={{ paddingTop: 'calc(var(--mantine-font-size-sm) * 1.55 + 2px)' }}>
        <SendCodeButton
          request={() => {
            if (error) onClearError();
            return request();
          }}
        />
      </div>
    </Group>
  );
}
