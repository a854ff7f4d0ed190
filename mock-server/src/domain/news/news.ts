/**
 * News: the platform's articles, each written in English and translated (seed/: German, Arabic,
 * Chinese, each translation keeping every risk statement); a reader gets the version in their
 * language or the English one (`locale` says which, and the app labels it). Bodies are HTML as
 * an editor would write them; a client must sanitise before rendering (the control API can publish
 * any HTML, hostile included, for exactly that test). Dates are before the world's start, newest
 * first; an article published through the control API is dated at the virtual clock's now.
 */
import type { components } from '../../../../contracts/generated/openapi.ts';
import { DomainError } from '../kernel/errors.ts';
import { FrozenCache } from '../kernel/frozen.ts';
import { paged } from '../kernel/paging.ts';
import { OwnedIds, Rng } from '../kernel/random.ts';
import { SEEDED, type Version } from './seed/index.ts';

type Schemas = components['schemas'];
export type Locale = Schemas['Locale'];
interface Article {
  id: string;
  time: number;
  cover?: string;
  versions: Partial<Record<Locale, Version>> & { en: Version };
}

const HOUR = 3_600_000;
/** At most this many articles (the seeded ones and those the control API published). */
export const NEWS_MAX = 200;

/**
 * A cover picture: a two-colour gradient with a few soft circles, as an SVG data URL (no network
 * needed). No text: a picture cannot be translated, and a thumbnail crops whatever it says.
 */
function cover(seed: number, id: string): string {
  const rng = new Rng(seed, `news:${id}`);
  const hue = Math.floor(rng.float() * 360);
  const circles = Array.from({ length: 3 }, (_, i) => {
    const [cx, cy, r] = [Math.round(rng.float() * 640), Math.round(rng.float() * 320), 60 + Math.round(rng.float() * 90)];
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="${(0.08 + i * 0.04).toFixed(2)}"/>`;
  }).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320" viewBox="0 0 640 320">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,45%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,30%)"/></linearGradient></defs>` +
    `<rect width="640" height="320" fill="url(#g)"/>${circles}</svg>`;
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

export class News {
  private readonly articles: Article[];
  private published = 0;
  private readonly ids: OwnedIds;
  /** Pages as last answered (frozen), per locale and page: the same until an article is published. */
  private readonly pages = new FrozenCache<Schemas['NewsPage']>(64);

  constructor(
    seed: number,
    start: number,
    private readonly now: () => number,
  ) {
    this.ids = new OwnedIds(seed);
    this.articles = SEEDED.map(({ key, hours, cover: pictured, versions }) => ({
      id: `news_${key}`,
      time: start - hours * HOUR,
      ...(pictured ? { cover: cover(seed, key) } : {}),
      versions,
    }));
  }

  private version(a: Article, locale: Locale): { locale: Locale; v: Version } {
    const v = a.versions[locale];
    return v ? { locale, v } : { locale: 'en', v: a.versions.en };
  }

  list(q: { locale?: Locale; page?: number; pageSize?: number }): Schemas['NewsPage'] {
    return this.pages.get(JSON.stringify([q.locale, q.page, q.pageSize]), this.published, () => this.page(q));
  }

  private page(q: { locale?: Locale; page?: number; pageSize?: number }): Schemas['NewsPage'] {
    const { items, ...page } = paged(this.articles, q, 10);
    return {
      ...page,
      items: items.map((a) => {
        const { locale, v } = this.version(a, q.locale ?? 'en');
        return { id: a.id, title: v.title, summary: v.summary, ...(a.cover ? { cover: a.cover } : {}), locale, time: a.time };
      }),
    };
  }

  get(id: string, locale: Locale = 'en'): Schemas['NewsArticle'] {
    const a = this.articles.find((x) => x.id === id);
    if (!a) throw new DomainError('not_found', 'This article does not exist');
    const { locale: shown, v } = this.version(a, locale);
    return { id: a.id, title: v.title, summary: v.summary, ...(a.cover ? { cover: a.cover } : {}), locale: shown, time: a.time, body: v.body };
  }

  /** Publishes an article now, in English (the control API's `mockNews`); the oldest goes beyond NEWS_MAX. */
  publish(title: string, summary: string, body: string): { id: string; time: number } {
    this.published += 1;
    const id = this.ids.next('news', 'published');
    const time = this.now();
    this.articles.unshift({ id, time, versions: { en: { title, summary, body, risks: [] } } });
    this.articles.length = Math.min(this.articles.length, NEWS_MAX);
    return { id, time };
  }
}
