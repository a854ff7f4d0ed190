/** Country/region of a payment method: every region, named in the user's language (Intl.DisplayNames). */
import { NativeSelect } from '@mantine/core';
import { getCountries } from 'libphonenumber-js/min';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../../i18n/useIntlLocale';

/** The region of the browser's language (pt-BR → BR), when it is a known one; else US. */
export function defaultRegion(): string {
  const region = navigator.language?.split('-')[1]?.toUpperCase() ?? '';
  return (getCountries() as string[]).includes(region) ? region : 'US';
}

/** A region's name in the current language, or its code when the browser cannot name it. */
export function useRegionName(): (code: string) => string {
  const locale = useIntlLocale();
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    return (code: string) => {
      try {
        return names?.of(code) ?? code;
      } catch {
        return code;
      }
    };
  }, [locale]);
}

export function CountrySelect({ value, onChange, error, disabled }: { value: string; onChange: (code: string) => void; error?: string | null; disabled?: boolean }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const name = useRegionName();
  const data = useMemo(
    () =>
      (getCountries() as string[])
        .map((c) => ({ value: c, label: name(c) }))
        .sort((a, b) => a.label.localeCompare(b.label, locale)),
    [name, locale],
  );
  return (
    <NativeSelect
      label={t('identity.payment.country')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={data}
      error={error}
      disabled={disabled}
      data-testid="pm-country"
    />
  );
}
