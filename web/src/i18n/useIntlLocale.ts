import { useTranslation } from 'react-i18next';
import { INTL_TAG, localeOf } from './index';

/** The BCP 47 tag for number and date formatting in the current language. */
export function useIntlLocale(): string {
  const { i18n } = useTranslation();
  return INTL_TAG[localeOf(i18n.language)];
}
