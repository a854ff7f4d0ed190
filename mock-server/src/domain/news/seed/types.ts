/**
 * The seeded articles' shape: one version per language, each with the risk statements it must
 * keep. A translation carries every risk statement of the English text, in its own words, and
 * its body says each of them word for word (news.test.ts checks both).
 */
export interface Version {
  title: string;
  summary: string;
  body: string;
  /** The body's risk and safety statements, as they appear in it; as many as the English version has. */
  risks: readonly string[];
}

/** The seeded articles by key (the id is `news_<key>`). */
export const ARTICLE_KEYS = ['second-contracts', 'lever-risk-rate', 'security-codes', 'deposit-confirmations', 'maintenance', 'fees', 'welcome'] as const;
export type ArticleKey = (typeof ARTICLE_KEYS)[number];

/** Every seeded article in one language. */
export type Edition = Record<ArticleKey, Version>;

/** A link into the app, as an editor writes it in an article's HTML. */
export const link = (path: string, text: string) => `<a href="/h5${path}">${text}</a>`;
