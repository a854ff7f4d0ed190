/**
 * i18next with one JSON dictionary per language in locales/, each loaded lazily (its own chunk).
 * The language lives in localStorage `lang` and defaults to en.
 */
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { components } from '../../../contracts/generated/openapi';
import { pseudoEnabled, pseudoProcessor } from './pseudo';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../common/password';

const LANG_KEY = 'lang';
/** The product's 20 locales (the contract's `Locale`), with their names in their own language. */
export const LOCALES = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  fr: 'Français',
  zh: '简体中文',
  jp: '日本語',
  hk: '繁體中文',
  it: 'Italiano',
  sv: 'Svenska',
  cr: 'Hrvatski',
  pt: 'Português',
  ko: '한국어',
  th: 'ไทย',
  ar: 'العربية',
  vi: 'Tiếng Việt',
  tr: 'Türkçe',
  ru: 'Русский',
  bg: 'Български',
  ro: 'Română',
  br: 'Português (Brasil)',
} as const satisfies Record<components['schemas']['Locale'], string>;
export type Locale = keyof typeof LOCALES;

/** BCP 47 tag of each product locale, for Intl formatting (Arabic keeps Latin digits). */
export const INTL_TAG: Record<Locale, string> = {
  en: 'en',
  es: 'es',
  de: 'de',
  fr: 'fr',
  zh: 'zh-CN',
  jp: 'ja',
  hk: 'zh-HK',
  it: 'it',
  sv: 'sv',
  cr: 'hr',
  pt: 'pt-PT',
  ko: 'ko',
  th: 'th',
  ar: 'ar-u-nu-latn',
  vi: 'vi',
  tr: 'tr',
  ru: 'ru',
  bg: 'bg',
  ro: 'ro',
  br: 'pt-BR',
};

/**
 * The language tag i18next works with for each product locale: plural rules follow it (br is
 * Breton to Intl, so Brazilian Portuguese must be pt-BR; cr is hr, jp is ja, hk is zh-HK).
 */
export const I18N_TAG: Record<Locale, string> = { ...INTL_TAG, ar: 'ar' };

/** The product locale of an i18next language tag. */
export function localeOf(tag: string): Locale {
  return ((Object.keys(I18N_TAG) as Locale[]).find((l) => I18N_TAG[l] === tag) ?? 'en') as Locale;
}

const dictionaries = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    const load = dictionaries[`../../../locales/${localeOf(language)}.json`];
    if (!load) return callback(null, {});
    load().then(
      (m) => callback(null, m.default),
      (err: Error) => callback(err, false),
    );
  },
};

function storedLanguage(): Locale {
  try {
    const v = localStorage.getItem(LANG_KEY);
    return v && v in LOCALES ? (v as Locale) : 'en';
  } catch {
    return 'en';
  }
}

export function isRtl(lang: string): boolean {
  return lang === 'ar';
}

export async function initI18n(): Promise<typeof i18n> {
  const lng = storedLanguage();
  const pseudo = pseudoEnabled();
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .use(pseudoProcessor)
    .init({
      postProcess: pseudo ? [pseudoProcessor.name] : false,
      lng: I18N_TAG[lng],
      fallbackLng: 'en',
      supportedLngs: Object.values(I18N_TAG),
      load: 'currentOnly',
      // Limits the client and the server share, filled into every message that states them
      // ("Use {{passwordMin}} to {{passwordMax}} characters"), also the server's error codes.
      interpolation: { escapeValue: false, defaultVariables: { passwordMin: PASSWORD_MIN, passwordMax: PASSWORD_MAX } },
      returnNull: false,
      react: { useSuspense: false },
    });
  applyDocumentLanguage(lng);
  return i18n;
}

function applyDocumentLanguage(lng: string) {
  document.documentElement.lang = INTL_TAG[lng as Locale] ?? lng;
  document.documentElement.dir = isRtl(lng) ? 'rtl' : 'ltr';
}

export async function changeLanguage(lng: Locale): Promise<void> {
  localStorage.setItem(LANG_KEY, lng);
  await i18n.changeLanguage(I18N_TAG[lng]);
  applyDocumentLanguage(lng);
}

export default i18n;
