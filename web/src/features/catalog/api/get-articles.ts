/** GET {backend}/catalog/articles: a section's list, paged by offset/limit ("load more"). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { getApiClient } from '@/lib/api-client';
import type { ApiQuery } from '@/lib/api-schema';
import { useCurrentLanguage } from '@/lib/use-language';
import type { ArticlePage } from '../types';

export const ARTICLES_PAGE_SIZE = 24;

/** The list's filters (the paging and language parameters are the call's own). */
export type ArticlesQuery = Omit<ApiQuery<'getBackendCatalogArticles'>, 'offset' | 'limit' | 'lang'>;

export async function getArticles(query: ArticlesQuery, lang: LanguageCode, offset = 0, limit = ARTICLES_PAGE_SIZE): Promise<ArticlePage> {
  const response = await getApiClient().get<{ data: ArticlePage }>('/catalog/articles', { query: { ...query, offset, limit, lang } });
  return response.data;
}

export const articlesQueryKey = (query: ArticlesQuery, lang: LanguageCode) => ['catalog', 'articles', query, lang] as const;

export const getArticlesQueryOptions = (query: ArticlesQuery, lang: LanguageCode, firstPage?: ArticlePage | null) =>
  infiniteQueryOptions({
    queryKey: articlesQueryKey(query, lang),
    queryFn: ({ pageParam }) => getArticles(query, lang, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.entries.length;
      return last.entries.length > 0 && next < last.total ? next : undefined;
    },
    initialData: firstPage ? { pages: [firstPage], pageParams: [firstPage.offset] } : undefined,
    staleTime: 120_000,
  });

export function useArticles(query: ArticlesQuery, firstPage?: ArticlePage | null) {
  const lang = useCurrentLanguage();
  return useInfiniteQuery(getArticlesQueryOptions(query, lang, firstPage));
}
