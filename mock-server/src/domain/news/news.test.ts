/** The seeded articles: translated for German, Arabic and Chinese readers, every risk statement kept, covers without text. */
import { describe, expect, it } from 'vitest';
import { News } from './news.ts';
import { EDITIONS, SEEDED } from './seed/index.ts';

const news = () => new News(7, Date.UTC(2026, 10, 29), () => Date.UTC(2026, 10, 29));
const text = (html: string) => html.replace(/<[^>]+>/g, ' ');

describe('seeded news', () => {
  it('every translation of every article keeps each risk statement of the English text', () => {
    // Not an empty check: the second-contract and lever articles state their risks.
    expect(EDITIONS.en['second-contracts'].risks).toContain('Most short-term bets lose money over time.');
    expect(EDITIONS.en['lever-risk-rate'].risks.length).toBeGreaterThan(0);
    for (const article of SEEDED) {
      const english = article.versions.en.risks;
      for (const [locale, version] of Object.entries(article.versions)) {
        expect(version.risks, `${article.key} ${locale}: as many risk statements as in English`).toHaveLength(english.length);
        for (const risk of version.risks) expect(text(version.body), `${article.key} ${locale}`).toContain(risk);
      }
    }
  });

  it('the Arabic and Chinese second-contract articles say that most short-term bets lose money', () => {
    const n = news();
    expect(text(n.get('news_second-contracts', 'ar').body)).toContain('معظم الرهانات قصيرة الأجل تخسر المال');
    expect(text(n.get('news_second-contracts', 'zh').body)).toContain('大多数短期押注都会亏钱');
  });

  it('German, Arabic and Chinese readers get every seeded article in their language; others get English, marked as such', () => {
    const n = news();
    for (const locale of ['de', 'ar', 'zh'] as const) {
      const items = n.list({ locale }).items;
      expect(items).toHaveLength(SEEDED.length);
      expect(items.map((a) => a.locale)).toEqual(items.map(() => locale));
    }
    const fr = n.list({ locale: 'fr' }).items;
    expect(fr.every((a) => a.locale === 'en')).toBe(true);
    expect(fr.find((a) => a.id === 'news_fees')?.title).toBe('Our fee schedule');
  });

  it('cover pictures hold no text (a thumbnail would crop it, and a picture cannot be translated)', () => {
    const covers = news()
      .list({ pageSize: 20 })
      .items.flatMap((a) => (a.cover ? [a.cover] : []));
    expect(covers.length).toBeGreaterThan(3);
    for (const c of covers) {
      const svg = atob(c.replace('data:image/svg+xml;base64,', ''));
      expect(svg).toMatch(/^<svg/);
      expect(svg).not.toMatch(/<text/);
    }
  });
});
