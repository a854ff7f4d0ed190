import { NativeSelect, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isRtl, localeOf, LOCALES, type Locale } from '../i18n';
import classes from './languageSelect.module.css';

/**
 * Switches among the 20 product locales; the choice is kept in localStorage. The field is as wide as
 * the chosen language's name ("Português (Brasil)", "Русский"), never cut to its container's width.
 */
export function LanguageSelect({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const { setDirection } = useDirection();
  const value = localeOf(i18n.language);
  return (
    <NativeSelect
      size={size}
      aria-label={t('common.language')}
      value={value}
      onChange={(e) => {
        const lang = e.currentTarget.value as Locale;
        setDirection(isRtl(lang) ? 'rtl' : 'ltr');
        void changeLanguage(lang);
      }}
      data={Object.entries(LOCALES).map(([value, label]) => ({ value, label }))}
      classNames={{ root: classes.root, wrapper: classes.wrapper, input: classes.input }}
      // Where `field-sizing` is not supported: room for the name (about 0.65em a letter) and the chevron.
      style={{
        '--language-width': `calc(${LOCALES[value].length * 0.65}em + var(--input-padding-inline-end, 2rem) + var(--input-padding-inline-start, 0.75rem))`,
      }}
      data-testid="language-select"
    />
  );
}
