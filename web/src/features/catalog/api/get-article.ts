/** GET {backend}/catalog/articles/{id}: one article with its related items and tracks / episodes / chapters. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { getApiClient } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/use-language';
import type { ArticleDetails } from '../types';

export async function getArticle(id: string | number, lang: LanguageCode): Promise<ArticleDetails> {
  const response = await getApiClient().get<{ data: ArticleDetails }>(`/catalog/articles/${encodeURIComponent(String(id))}`, { query: { lang } });
  return response.data;
}

export const articleQueryKey = (id: string | number, lang: LanguageCode) => ['catalog', 'article', String(id), lang] as const;

export const getArticleQueryOptions = (id: string | number, lang: LanguageCode) =>
  queryOptions({ queryKey: articleQueryKey(id, lang), queryFn: () => getArticle(id, lang), staleTime: 120_000 });

export function useArticle(id: string | number | null) {
  const lang = useCurrentLanguage();
  return useQuery({ ...getArticleQueryOptions(id ?? '', lang), enabled: id !== null && id !== '' });
}
