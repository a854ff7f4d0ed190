/**
 * i18next with one JSON dictionary per language in locales/, each loaded lazily in parts (see
 * coreGroups.ts): core, the strings of the shell and home, first; a tab page's own part with that
 * tab; the rest with any other page. The language lives in localStorage `lang` and defaults to en.
 */
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { pseudoEnabled, pseudoProcessor } from './pseudo';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../common/password';
import { loadDictionary, type DictionaryPart } from 'virtual:dictionaries';
import { LOCALES } from './localeNames';

export { LOCALES };
export type { DictionaryPart };

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

/** The parts wanted so far, core first: a language loads every one of them, on a switch too. */
const wanted = new Set<DictionaryPart>(['core']);
/** Each language's parts asked for (`de trade`), loading or loaded; and those loaded. */
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

/** Adds `part` of `language`'s dictionary to i18next (once; again after a failure). */
function loadPart(language: string, part: DictionaryPart): Promise<void> {
  const key = `${language} ${part}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = loadDictionary(localeOf(language), part).then(
      (strings) => {
        // Deep: core holds some groups in part (`auth.login`), the other parts whole groups. No
        // copy: each part's object is parsed for this alone.
        i18n.addResourceBundle(language, 'translation', strings, true, true, { skipCopy: true });
        loaded.add(key);
      },
      (err: unknown) => {
        loading.delete(key);
        throw err;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  // A language's first load: every part wanted so far, each added to the store as it comes (so the
  // callback has nothing more to add).
  read: (language, _namespace, callback) => {
    Promise.all([...wanted].map((part) => loadPart(language, part))).then(
      () => callback(null, {}),
      (err: Error) => callback(err, false),
    );
  },
};

/**
 * Loads a part of the current language's strings (once), besides core: the route loader awaits a
 * tab page's own part, or the rest for any other page but home (app/App.tsx); a string asked for
 * that is in no part loaded yet starts the rest.
 */
export function loadStrings(part: DictionaryPart): Promise<void> {
  wanted.add(part);
  return loadPart(i18n.language, part);
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

/** `part`: the one the opened page needs besides core (see `loadStrings`), loaded with it. */
export async function initI18n({ part = 'core' }: { part?: DictionaryPart } = {}): Promise<typeof i18n> {
  const lng = storedLanguage();
  wanted.add(part);
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
      // A key in no part loaded yet: blank, and the rest is on its way (its arrival re-renders, see
      // bindI18nStore). Once the rest is there, a missing key shows as itself.
      parseMissingKeyHandler: (key, defaultValue) => {
        if (defaultValue !== undefined) return defaultValue;
        const rest = `${i18n.language} rest`;
        if (loaded.has(rest)) return key;
        if (import.meta.env.DEV && !loading.has(rest))
          console.warn(
            `i18n: "${key}" was asked for before the rest of the dictionary: if home shows it, add it to coreGroups.ts; if a tab page does, name its group at the start of a literal (web/build/pageGroups.ts)`,
          );
        loadStrings('rest').catch(() => {});
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
  // Every part wanted so far, in the new language, before it shows: i18next reads a language only
  // once, so one shown before may lack a part wanted since. (A part that fails to load: its strings
  // go through the missing-key handler, like any other.)
  await Promise.all([...wanted].map((part) => loadPart(I18N_TAG[lng], part))).catch(() => {});
  await i18n.changeLanguage(I18N_TAG[lng]);
  applyDocumentLanguage(lng);
}

export default i18n;
