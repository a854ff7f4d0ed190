import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LOCALES, type Locale } from '../i18n';

/** Switches among the 20 product locales; the choice is kept in localStorage. */
export function LanguageSelect({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      size={size}
      aria-label={t('common.language')}
      value={i18n.language}
      onChange={(e) => void changeLanguage(e.currentTarget.value as Locale)}
      data={Object.entries(LOCALES).map(([value, label]) => ({ value, label }))}
      data-testid="language-select"
    />
  );
}
