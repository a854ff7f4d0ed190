/**
 * A money amount field: a text field (never a number field: amounts are decimal strings) that
 * accepts digits and one decimal point (a comma is taken as the point), with the decimal keypad on
 * phones. `checkAmount` (lib/amount) parses what was typed with big.js for a coin's precision.
 *
 * The coin's unit sits inside the field, sized to the unit; a Max button, when there is one, sits
 * beside the field (never drawn over it), so a long "Max" label (الحد الأقصى, Макс.) neither
 * covers the amount nor spills out of the field in any language or direction.
 */
import { Button, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { maxAmount, sanitizeAmount, wireAmount } from '../lib/amount';
import { Big } from '../lib/decimal';
import classes from './amount.module.css';

type AmountInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
  /** The coin or currency shown at the end of the field ("USDT"). */
  unit?: string;
  /** Fills the largest amount allowed: a Max button beside the field. */
  onMax?: () => void;
  /** The Max button's label (default: transfer.max). */
  maxLabel?: string;
  /** The Max button's test id (default: amount-max). */
  maxTestId?: string;
};

export function AmountInput({ value, onValueChange, unit, onMax, maxLabel, maxTestId = 'amount-max', ...props }: AmountInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      {...(unit && {
        rightSection: <span className={classes.unit}>{unit}</span>,
        // As wide as the unit's letters, whatever the coin (USDT, BTC, SHIB).
        rightSectionWidth: `calc(${unit.length}ch + 16px)`,
        rightSectionPointerEvents: 'none' as const,
      })}
      // The same wrapper with or without Max: a Max that appears once the balance has loaded must
      // not replace the input under the user's fingers (it would drop the focus and what is typed).
      inputContainer={(field: ReactNode) => (
        <div className={classes.row}>
          <div className={classes.field}>{field}</div>
          {onMax && (
            <Button variant="light" size={props.size ?? 'sm'} className={classes.max} onClick={onMax} disabled={props.disabled} data-testid={maxTestId}>
              {maxLabel ?? t('transfer.max')}
            </Button>
          )}
        </div>
      )}
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
  return (
    <AmountInput
      label={label}
      placeholder="0"
      value={value}
      onValueChange={onChange}
      error={error}
      data-testid={testId}
      unit={suffix}
      onMax={max !== undefined ? () => onChange(wireAmount(maxAmount(new Big(max), precision))) : undefined}
    />
  );
}
