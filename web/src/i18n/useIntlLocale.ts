import { useTranslation } from 'react-i18next';
import { INTL_TAG, type Locale } from './index';

/** The BCP 47 tag for number and date formatting in the current language. */
export function useIntlLocale(): string {
  const { i18n } = useTranslation();
  return INTL_TAG[i18n.language as Locale] ?? 'en';
}
