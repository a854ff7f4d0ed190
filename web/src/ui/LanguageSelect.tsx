import { NativeSelect, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isRtl, localeOf, LOCALES, type Locale } from '../i18n';

/** Switches among the 20 product locales; the choice is kept in localStorage. */
export function LanguageSelect({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const { setDirection } = useDirection();
  return (
    <NativeSelect
      size={size}
      aria-label={t('common.language')}
      value={localeOf(i18n.language)}
      onChange={(e) => {
        const lang = e.currentTarget.value as Locale;
        setDirection(isRtl(lang) ? 'rtl' : 'ltr');
        void changeLanguage(lang);
      }}
      data={Object.entries(LOCALES).map(([value, label]) => ({ value, label }))}
      data-testid="language-select"
    />
  );
}
