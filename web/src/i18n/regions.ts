/** Countries/regions named in the user's language (Intl.DisplayNames), for every region picker. */
import { getCountries, type CountryCode } from 'libphonenumber-js/min';
import { useMemo } from 'react';
import { useIntlLocale } from './useIntlLocale';

/** The region of the browser's language (pt-BR → BR) when it is a known one; else US. */
export function defaultRegion(): CountryCode {
  const region = navigator.language?.split('-')[1]?.toUpperCase() ?? '';
  return (getCountries() as string[]).includes(region) ? (region as CountryCode) : 'US';
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

/** Every region as select options, labelled by `label(code, name)` and sorted by that label. */
export function useRegionOptions(label: (code: CountryCode, name: string) => string = (_c, n) => n) {
  const locale = useIntlLocale();
  const name = useRegionName();
  return useMemo(
    () =>
      getCountries()
        .map((c) => ({ value: c, label: label(c, name(c)) }))
        .sort((a, b) => a.label.localeCompare(b.label, locale)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [name, locale],
  );
}
