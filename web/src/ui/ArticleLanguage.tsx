/**
 * What marks text from the server that is not in the reader's language (a news article shown in
 * English to a German reader): the text's own `lang` (articleLang) for screen readers and
 * hyphenation, and a small label naming that language in the reader's language ("Englisch",
 * "الإنجليزية", "英语", from Intl's language names: nothing to translate in the dictionaries).
 */
import { useTranslation } from 'react-i18next';
import { I18N_TAG, INTL_TAG, localeOf, type Locale } from '../i18n';
import classes from './articleLanguage.module.css';

/** The BCP 47 tag of a text in one of the contract's locales (its codes jp, hk, cr, br are not tags). */
export const articleLang = (locale: Locale) => I18N_TAG[locale];

/** The name of `locale`'s language in the reader's language `tag`, capitalised as a label ("anglais" → "Anglais"). */
export function languageName(locale: Locale, tag: string): string {
  const name = new Intl.DisplayNames([tag], { type: 'language' }).of(articleLang(locale)) ?? locale;
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
}

/** The label, when `locale` (the text's language) is not the reader's; nothing when it is. */
export function ArticleLanguage({ locale }: { locale: Locale }) {
  const reader = localeOf(useTranslation().i18n.language);
  if (locale === reader) return null;
  const tag = INTL_TAG[reader];
  return (
    <span className={classes.badge} lang={articleLang(reader)} data-testid="article-language">
      {languageName(locale, tag)}
    </span>
  );
}
