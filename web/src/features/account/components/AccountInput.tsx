/** The account field: an email, or a phone number with its country/region calling code. */
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../../i18n/useIntlLocale';

export type AccountKind = 'email' | 'phone';

/** The region of the browser's language (en-GB → GB), when it is a known country. */
export function defaultCountry(): CountryCode {
  const region = navigator.language?.split('-')[1]?.toUpperCase();
  return (getCountries() as string[]).includes(region ?? '') ? (region as CountryCode) : 'US';
}

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
  const locale = useIntlLocale();
  const countries = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    return getCountries()
      .map((c) => ({ value: c, label: `${names?.of(c) ?? c} +${getCountryCallingCode(c)}` }))
      .sort((a, b) => a.label.localeCompare(b.label, locale));
  }, [locale]);

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
      <NativeSelect
        label={t('auth.region')}
        value={country}
        onChange={(e) => onCountryChange(e.currentTarget.value as CountryCode)}
        data={countries}
        w={120}
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
