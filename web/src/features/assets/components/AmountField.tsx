/**
 * An amount of a coin: only digits and one decimal point, at most the coin's precision, and a Max
 * button that fills the largest allowed amount rounded DOWN (never more than the user has).
 */
import { Button, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Big } from '../../../lib/decimal';

/** Keeps digits and the first decimal point, and at most `precision` decimals. */
export function sanitizeAmount(raw: string, precision: number): string {
  const cleaned = raw.replace(/,/g, '.').replace(/[^0-9.]/g, '');
  const [int, ...rest] = cleaned.split('.');
  if (!rest.length) return int;
  return `${int || '0'}.${rest.join('').slice(0, precision)}`;
}

/** The largest amount not above `limit`, rounded down to `precision` decimals (never negative). */
export function maxAmount(limit: string | Big, precision: number): string {
  const value = new Big(limit).round(precision, Big.roundDown);
  return value.gt(0) ? value.toFixed() : '0';
}

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
  /** The Max value (already net of fees); no Max button when undefined. */
  max?: string | Big;
  label: string;
  error?: string | null;
  suffix?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      inputMode="decimal"
      autoComplete="off"
      placeholder="0"
      value={value}
      onChange={(e) => onChange(sanitizeAmount(e.currentTarget.value, precision))}
      error={error}
      data-testid={testId}
      rightSectionWidth={max !== undefined ? 96 : 56}
      rightSection={
        <span style={{ display: 'flex', alignItems: 'center', gap: 6, paddingInlineEnd: 6 }}>
          {suffix && <span style={{ fontSize: 13, color: 'var(--mantine-color-dimmed)' }}>{suffix}</span>}
          {max !== undefined && (
            <Button size="compact-xs" variant="light" onClick={() => onChange(maxAmount(max, precision))} data-testid="amount-max">
              {t('transfer.max')}
            </Button>
          )}
        </span>
      }
    />
  );
}
