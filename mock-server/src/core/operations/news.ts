/** News. */
import type { Handlers } from '../operations.ts';

export const news = {
  listNews: ({ world, query }) => world.news.list(query ?? {}),
  getNews: ({ world, query }) => world.news.get(query.id, query.locale),
} satisfies Partial<Handlers>;
