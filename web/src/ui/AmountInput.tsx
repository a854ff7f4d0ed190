/**
 * A money amount field: a text field (never a number field: amounts are decimal strings) that
 * reads numbers as the user's language writes them ("0,01" and "1.234,56" in German, Arabic-Indic
 * digits from an Arabic keyboard; lib/localNumber has the rules), with the decimal keypad on phones.
 * It shows what the user types as typed, and hands the form the plain decimal ("0.01"); a value
 * the app fills in (Max, a percentage, a price from the book) and what was typed, once the field
 * is left, are shown the locale's way, grouped ("1.234,56"). A keystroke that cannot lead to a
 * number (a second decimal mark) is refused; one that can but is not one yet ("1.234." on its way
 * to "1.234.567") goes to the form as typed, which `checkAmount` (lib/amount) calls invalid.
 *
 * The coin's unit sits inside the field, sized to the unit; a Max button, when there is one, sits
 * beside the field (never drawn over it), so a long "Max" label (الحد الأقصى, Макс.) neither
 * covers the amount nor spills out of the field in any language or direction.
 */
import { Button, TextInput, type TextInputProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../i18n/useIntlLocale';
import { maxAmount, wireAmount } from '../lib/amount';
import { Big } from '../lib/decimal';
import { formatLocalInput, isLocalNumberPrefix, parseLocalNumber } from '../lib/localNumber';
import classes from './amount.module.css';

/** What can be part of a number typed in any language; anything else (a sign, a letter) is dropped. */
const NOT_NUMBER = /[^\d\u0660-\u0669\u06f0-\u06f9\uff10-\uff19.,\uff0c\uff0e\u066b\u066c\s]/g;

/**
 * The text shown for `value` (the form's plain decimal) in `locale`: as typed while the form holds
 * what the field handed it, else `value` the locale's way.
 */
function useLocalText(value: string, onValueChange: (value: string) => void, locale: string) {
  const [shown, setShown] = useState(() => ({ value, locale, text: formatLocalInput(value, locale) }));
  let current = shown;
  if (shown.value !== value || shown.locale !== locale) {
    current = { value, locale, text: formatLocalInput(value, locale) };
    setShown(current);
  }
  const type = (typed: string) => {
    const text = typed.replace(NOT_NUMBER, '');
    if (!isLocalNumberPrefix(text, locale)) return; // refused: the field keeps what it had
    const plain = text.trim() ? (parseLocalNumber(text, locale) ?? text) : '';
    setShown({ value: plain, locale, text });
    if (plain !== value) onValueChange(plain);
  };
  // Leaving the field shows the number grouped, as the app shows numbers.
  const leave = () => {
    const plain = parseLocalNumber(current.text, locale);
    if (plain !== null && plain === value) setShown({ value, locale, text: formatLocalInput(plain, locale) });
  };
  return { text: current.text, type, leave };
}

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

export function AmountInput({ value, onValueChange, unit, onMax, maxLabel, maxTestId = 'amount-max', onBlur, ...props }: AmountInputProps) {
  const { t } = useTranslation();
  const { text, type, leave } = useLocalText(value, onValueChange, useIntlLocale());
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
      value={text}
      onChange={(e) => type(e.currentTarget.value)}
      onBlur={(e) => {
        leave();
        onBlur?.(e);
      }}
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
