/**
 * A money amount field: a text field (never a number field: amounts are decimal strings) that
 * accepts digits and one decimal point (a comma is taken as the point), with the decimal keypad on
 * phones. `checkAmount` (lib/amount) parses what was typed with big.js for a coin's precision.
 */
import { Button, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { maxAmount, sanitizeAmount, wireAmount } from '../lib/amount';
import { Big } from '../lib/decimal';

export function AmountInput({
  value,
  onValueChange,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onValueChange: (value: string) => void }) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      {...props}
      value={value}
      onChange={(e) => onValueChange(sanitizeAmount(e.currentTarget.value))}
    />
  );
}

/** An AmountInput with the coin's unit and a Max button that fills the largest amount allowed, rounded down. */
export function AmountField({
  value,
  onChange,
  precision,
  max,
  label,
  error,
  suffix,
  testId = 'amount-input',
}: {
  value: string;
  onChange: (v: string) => void;
  precision: number;
  /** The limit Max fills (already net of fees); no Max button when undefined. */
  max?: string | Big;
  label: string;
  error?: string | null;
  suffix?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <AmountInput
      label={label}
      placeholder="0"
      value={value}
      onValueChange={onChange}
      error={error}
      data-testid={testId}
      rightSectionWidth={max !== undefined ? 96 : 56}
      rightSection={
        <span style={{ display: 'flex', alignItems: 'center', gap: 6, paddingInlineEnd: 6 }}>
          {suffix && <span style={{ fontSize: 13, color: 'var(--mantine-color-dimmed)' }}>{suffix}</span>}
          {max !== undefined && (
            <Button size="compact-xs" variant="light" onClick={() => onChange(wireAmount(maxAmount(new Big(max), precision)))} data-testid="amount-max">
              {t('transfer.max')}
            </Button>
          )}
        </span>
      }
    />
  );
}
