/**
 * The product's 20 locales with their names in their own language. Plain data: the build reads it
 * too (the static shell's language field, web/build/staticShell.ts).
 */
import type { components } from '../../../contracts/generated/openapi';

/** The contract's `Locale`s, each named in itself. */
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
