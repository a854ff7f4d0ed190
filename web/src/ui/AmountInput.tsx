/**
 * A money amount field: a text field (never a number field: amounts are decimal strings) that
 * accepts digits and one decimal point (a comma is taken as the point), with the decimal keypad on
 * phones. `checkAmount` parses what was typed with big.js for a coin's precision.
 */
import { Button, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DECIMAL_INPUT, isDecimalInput } from '../../../../../common/amount';
import { Big } from '../../../lib/decimal';

/** Keeps digits and the first decimal point (a comma counts as the point), at most the API's length. */
export function sanitizeAmount(text: string): string {
  const cleaned = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  const single = dot < 0 ? cleaned : cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, '');
  return single.slice(0, DECIMAL_INPUT.maxLength);
}

export type AmountProblem = 'required' | 'invalid' | 'precision';

/**
 * The amount typed, as a Big, or why it cannot be one: empty, not a positive number, or more
 * decimal places than `precision`.
 */
export function checkAmount(text: string, precision: number): { amount: Big; problem?: undefined } | { amount?: undefined; problem: AmountProblem } {
  const value = text.trim();
  if (!value) return { problem: 'required' };
  let amount: Big;
  try {
    amount = new Big(value);
  } catch {
    return { problem: 'invalid' };
  }
  if (amount.lte(0)) return { problem: 'invalid' };
  if (!amount.round(precision, Big.roundDown).eq(amount)) return { problem: 'precision' };
  // Beyond what the API takes in an amount (15 digits before the point): no one holds that much.
  if (!isDecimalInput(amount.toFixed())) return { problem: 'invalid' };
  return { amount };
}

/** The wire form of an amount: plain decimal notation, no exponent, no leading zeros. */
export const wireAmount = (amount: Big): string => amount.toFixed();

/** The largest amount of `precision` places not above `value` (zero when negative): a "Max". */
export function maxAmount(value: Big, precision: number): Big {
  const rounded = value.round(precision, Big.roundDown);
  return rounded.lt(0) ? new Big(0) : rounded;
}

export function AmountInput({ value, onValueChange, ...props }: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onValueChange: (value: string) => void }) {
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
