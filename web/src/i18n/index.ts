/**
 * i18next with one JSON dictionary per language in locales/, each loaded lazily, in two parts (see
 * coreGroups.ts): the strings of the shell and home first, the rest with the first other page.
 * The language lives in localStorage `lang` and defaults to en.
 */
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { pseudoEnabled, pseudoProcessor } from './pseudo';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../common/password';
import { dictionaries } from 'virtual:dictionaries';
import { LOCALES } from './localeNames';

export { LOCALES };

const LANG_KEY = 'lang';
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

/** Whether every string is wanted (a page beyond home was opened): languages then load whole. */
let allWanted = false;
let allLoading: Promise<void> | null = null;

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    const parts = dictionaries[localeOf(language)];
    if (!parts) return callback(null, {});
    Promise.all([parts.core(), allWanted ? parts.rest() : null]).then(
      ([core, rest]) => callback(null, { ...core.default, ...rest?.default }),
      (err: Error) => callback(err, false),
    );
  },
};

/**
 * Loads the rest of the current language's strings (once); the route loader awaits it for every
 * page but home, and a string asked for before it is there starts it too (shown blank until then).
 */
export function loadAllStrings(): Promise<void> {
  allWanted = true;
  allLoading ??= (async () => {
    const language = i18n.language;
    const rest = await dictionaries[localeOf(language)]?.rest();
    if (rest) i18n.addResourceBundle(language, 'translation', rest.default, true, true);
  })();
  return allLoading;
}

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

/** `allStrings`: the page opened is not home, so load the whole dictionary at once. */
export async function initI18n({ allStrings = false }: { allStrings?: boolean } = {}): Promise<typeof i18n> {
  const lng = storedLanguage();
  if (allStrings) {
    allWanted = true;
    allLoading = Promise.resolve();
  }
  const pseudo = pseudoEnabled();
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .use(pseudoProcessor)
    .init({
      postProcess: pseudo ? [pseudoProcessor.name] : false,
      lng: I18N_TAG[lng],
      // No fallback language: every dictionary has every key of en.json and every plural form of
      // its language (locales.test.ts), so a visitor in German does not download English as well.
      fallbackLng: false,
      supportedLngs: Object.values(I18N_TAG),
      load: 'currentOnly',
      // Limits the client and the server share, filled into every message that states them
      // ("Use {{passwordMin}} to {{passwordMax}} characters"), also the server's error codes.
      interpolation: { escapeValue: false, defaultVariables: { passwordMin: PASSWORD_MIN, passwordMax: PASSWORD_MAX } },
      returnNull: false,
      // A key not there before the rest of the dictionary: blank, and the rest is on its way (its
      // arrival re-renders, see bindI18nStore). Once all is there, a missing key shows as itself.
      parseMissingKeyHandler: (key, defaultValue) => {
        if (defaultValue !== undefined) return defaultValue;
        if (allLoading) return key;
        if (import.meta.env.DEV) console.warn(`i18n: "${key}" was asked for before the rest of the dictionary: if home shows it, add it to coreGroups.ts`);
        void loadAllStrings();
        return '';
      },
      react: { useSuspense: false, bindI18nStore: 'added' },
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
