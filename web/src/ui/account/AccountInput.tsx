/** The account field: an email, or a phone number with its country/region calling code (shown as "+1 US", never cut). */
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { Segmented } from '../Segmented';
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkEmail, checkPhone } from '../../../../common/validation';
import { defaultRegion, useRegionOptions } from '../../i18n/regions';
import type { Draft } from '../../lib/draft';
import classes from './accountInput.module.css';

export type AccountKind = 'email' | 'phone';

export function AccountInput({
  kind,
  value,
  onChange,
  country,
  onCountryChange,
  error,
}: {
  kind: AccountKind;
  value: string;
  onChange: (v: string) => void;
  country: CountryCode;
  onCountryChange: (c: CountryCode) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const countries = useRegionOptions((code, name) => `${name} +${getCountryCallingCode(code)}`);

  if (kind === 'email') {
    return (
      <TextInput
        label={t('auth.email')}
        placeholder={t('auth.emailPlaceholder')}
        type="email"
        inputMode="email"
        autoComplete="username"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        data-testid="account-input"
      />
    );
  }
  return (
    <Group gap={8} align="flex-start" wrap="nowrap">
      {/* The field shows the calling code and the region's short name ("+1 US"), which always fit; the list names each region in full. */}
      <NativeSelect
        label={t('auth.region')}
        value={country}
        onChange={(e) => onCountryChange(e.currentTarget.value as CountryCode)}
        data={countries}
        w={120}
        classNames={{ input: classes.codeInput }}
        leftSection={
          <span className={classes.code} dir="ltr" data-testid="country-code">
            +{getCountryCallingCode(country)} {country}
          </span>
        }
        leftSectionWidth={88}
        data-testid="country-select"
      />
      <TextInput
        style={{ flex: 1 }}
        label={t('auth.phone')}
        placeholder={t('auth.phonePlaceholder')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        data-testid="account-input"
      />
    </Group>
  );
}

/** State of the account field (kind, value, region), its check and its request fields; kept in `draft` when given. */
export function useAccountField(draft?: Draft, initial?: { kind: AccountKind; value: string; country?: CountryCode }) {
  // Either hook, always the same one for a component's life (whether a draft is given does not change).
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const field = <T,>(key: string, init: T | (() => T)) => (draft ? draft.useField<T>(key, init) : useState<T>(init));
  const [kind, setKind] = field<AccountKind>('accountKind', initial?.kind ?? 'email');
  const [value, setValue] = field<string>('account', initial?.value ?? '');
  const [country, setCountry] = field<CountryCode>('country', initial?.country ?? defaultRegion);
  return {
    kind,
    setKind,
    value,
    setValue,
    country,
    setCountry,
    /** The validation key of the current value, or null when valid. */
    check: () => (kind === 'email' ? checkEmail(value) : checkPhone(value, country)),
    fields: () => ({ account: value.trim(), ...(kind === 'phone' ? { country } : {}) }),
  };
}

/** Email/phone switch and the account input. */
export function AccountFields({ field, error, onKindChange }: { field: ReturnType<typeof useAccountField>; error?: string | null; onKindChange: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Segmented
        value={field.kind}
        onChange={(v) => {
          field.setKind(v as AccountKind);
          onKindChange();
        }}
        data={[
          { value: 'email', label: t('auth.email') },
          { value: 'phone', label: t('auth.phone') },
        ]}
      />
      <AccountInput kind={field.kind} value={field.value} onChange={field.setValue} country={field.country} onCountryChange={field.setCountry} error={error} />
    </>
  );
}
