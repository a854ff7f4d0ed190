import { useDirection } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isRtl, localeOf, LOCALES, type Locale } from '../i18n';
import classes from './languageSelect.module.css';

/**
 * Switches among the 20 product locales; the choice is kept in localStorage. The field is as wide as
 * the chosen language's name ("Português (Brasil)", "Русский"), never cut to its container's width.
 * A plain <select> drawn like Mantine's inputs, not Mantine's NativeSelect: it sits on home, and
 * the input machinery it would bring there is about 5 KB of a first visit's JavaScript.
 */
export function LanguageSelect({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const { setDirection } = useDirection();
  const value = localeOf(i18n.language);
  return (
    <span className={classes.root} data-size={size}>
      <select
        className={classes.input}
        aria-label={t('common.language')}
        value={value}
        onChange={(e) => {
          const lang = e.currentTarget.value as Locale;
          setDirection(isRtl(lang) ? 'rtl' : 'ltr');
          void changeLanguage(lang);
        }}
        // Where `field-sizing` is not supported: room for the name (about 0.65em a letter) and the chevron.
        style={{ '--language-width': `calc(${LOCALES[value].length * 0.65}em + 2.75rem)` } as CSSProperties}
        data-testid="language-select"
      >
        {Object.entries(LOCALES).map(([code, label]) => (
          <option key={code} value={code}>
            {label}
          </option>
        ))}
      </select>
      <svg className={classes.chevron} viewBox="0 0 15 15" aria-hidden="true">
        <path
          d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
          fill="currentColor"
        />
      </svg>
    </span>
  );
}
