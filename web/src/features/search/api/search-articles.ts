/** GET {backend}/search?q&lang&section&offset&limit: ranked full-text results over every language. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { getApiClient } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/use-language';
import type { SearchAnswer } from '../types';

export const SEARCH_LIMIT = 50;

/** What the search pages read of the answer (a page payload's first answer is cached as just this). */
export type SearchResults = Pick<SearchAnswer, 'entries' | 'total'>;

export async function searchArticles(q: string, lang: LanguageCode, section?: string, offset = 0, limit = SEARCH_LIMIT): Promise<SearchResults> {
  const response = await getApiClient().get<{ data: SearchAnswer }>('/search', { query: { q, lang, section, offset, limit } });
  return response.data;
}

export const searchQueryOptions = (q: string, lang: LanguageCode, section?: string) =>
  queryOptions({ queryKey: ['search', q, section ?? null, lang] as const, queryFn: () => searchArticles(q, lang, section), staleTime: 60_000 });

export function useSearch(q: string, section?: string) {
  const lang = useCurrentLanguage();
  const term = q.trim();
  return useQuery({ ...searchQueryOptions(term, lang, section), enabled: term.length > 0 });
}
