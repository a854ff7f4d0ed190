/**
 * A store's name, typed: checked as the server checks it (common/text.ts, TEXT_RULES.storeName:
 * 2 to 24 characters once trimmed) before it is sent, and the server's refusal (another store has
 * it, in any letter case) shown under the field in the user's language.
 */
import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { checkText, TEXT_RULES } from '../../../../../common/text';
import { ApiError } from '../../../api/client';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';

/** What a refusal of the name is about: shown under the field (the toast says it too). */
export function nameRefusal(err: unknown): string | null {
  const code = err instanceof ApiError ? (err.details.code ?? '') : '';
  return code.startsWith('text_') || code === 'p2p_store_name_taken' ? (err as ApiError).message : null;
}

export function StoreNameForm({
  initial = '',
  optional = false,
  placeholder,
  submitLabel,
  disabled,
  pending,
  onSubmit,
  onCancel,
  submitTestId = 'p2p-store-name-submit',
}: {
  initial?: string;
  /** Empty is allowed: the submit goes without a name (the server names the store). */
  optional?: boolean;
  placeholder?: string;
  submitLabel: ReactNode;
  disabled?: boolean;
  pending: boolean;
  /** Sends the normalised name; `refused` shows the server's refusal under the field. */
  onSubmit: (name: string | undefined, refused: (message: string) => void) => void;
  onCancel?: () => void;
  submitTestId?: string;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pending || disabled) return;
    if (optional && !value.trim()) return onSubmit(undefined, setError);
    const checked = checkText(value, TEXT_RULES.storeName);
    if (checked.error) return setError(t(`apiErrors.${checked.error.code}`, checked.error.params));
    onSubmit(checked.value, setError);
  };
  return (
    <form className={panel.card} onSubmit={submit} noValidate data-testid="p2p-store-name-form">
      <TextInput
        label={t('fiat.merchant.storeName')}
        description={t('fiat.merchant.storeNameHint', { min: TEXT_RULES.storeName.min, max: TEXT_RULES.storeName.max })}
        placeholder={placeholder}
        value={value}
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setError(null);
        }}
        error={error}
        autoComplete="off"
        data-testid="p2p-store-name-input"
      />
      <Group gap={8} wrap="wrap">
        <Button type="submit" disabled={disabled} loading={pending} classNames={WRAP} data-testid={submitTestId}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="subtle" onClick={onCancel} classNames={WRAP} data-testid="p2p-store-name-cancel">
            {t('common.cancel')}
          </Button>
        )}
      </Group>
    </form>
  );
}
