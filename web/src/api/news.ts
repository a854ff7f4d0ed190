/** News, shared by the home page (the latest titles) and the news pages: in the user's language, English where not written in it. */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { components } from '../../../contracts/generated/openapi';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../i18n';
import { call } from './client';
import { queryKey } from './queryKey';

export type Locale = components['schemas']['Locale'];
export type NewsItem = components['schemas']['NewsItem'];

const newsQuery = (locale: Locale) =>
  infiniteQueryOptions({
    queryKey: queryKey('listNews', { locale }),
    queryFn: ({ pageParam, signal }) => call('listNews', { query: { locale, page: pageParam, pageSize: 10 }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 60_000,
  });

export const articleQuery = (id: string, locale: Locale) =>
  queryOptions({
    queryKey: queryKey('getNews', { id, locale }),
    queryFn: ({ signal }) => call('getNews', { query: { id, locale }, signal }),
    staleTime: 5 * 60_000,
  });

/** The app's language as the API's locale code. */
export function useApiLocale(): Locale {
  return localeOf(useTranslation().i18n.language);
}

export const useNews = () => useInfiniteQuery(newsQuery(useApiLocale()));

export const useArticle = (id: string) => useQuery({ ...articleQuery(id, useApiLocale()), enabled: Boolean(id) });
