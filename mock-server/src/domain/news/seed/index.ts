/**
 * The seeded articles, newest first: when each was published (hours before the world's start),
 * whether it has a cover picture, and its versions (English, German, Arabic, Chinese; a reader
 * in another language gets the English one, labelled by the app).
 */
import type { components } from '../../../../../contracts/generated/openapi.ts';
import { ar } from './ar.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { ARTICLE_KEYS, type ArticleKey, type Edition, type Version } from './types.ts';
import { zh } from './zh.ts';

export type { Version };
type Locale = components['schemas']['Locale'];

/** The translations beside English, each of every seeded article. */
export const EDITIONS: Readonly<Partial<Record<Locale, Edition>> & { en: Edition }> = { en, de, ar, zh };

const PUBLISHED: Record<ArticleKey, { hours: number; cover: boolean }> = {
  'second-contracts': { hours: 5, cover: true },
  'lever-risk-rate': { hours: 30, cover: true },
  'security-codes': { hours: 52, cover: true },
  'deposit-confirmations': { hours: 75, cover: false },
  maintenance: { hours: 100, cover: true },
  fees: { hours: 140, cover: false },
  welcome: { hours: 200, cover: true },
};

export const SEEDED = ARTICLE_KEYS.map((key) => ({
  key,
  ...PUBLISHED[key],
  versions: Object.fromEntries(Object.entries(EDITIONS).map(([locale, edition]) => [locale, edition[key]])) as Partial<Record<Locale, Version>> & {
    en: Version;
  },
}));
