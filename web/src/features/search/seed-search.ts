/**
 * First paint from the page payload (docs/contracts.md): a search page (`/search?q=…`) carries
 * `page.data.search`, the answer to the client's own first call for its words, which goes into that
 * query's cache: the results show without a request (issue 14).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import type { PageData } from '@/lib/page-payload';
import { searchQueryOptions, type SearchResults } from './api/search-articles';

function isSearchAnswer(value: unknown): value is SearchResults & { q: string } {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Record<string, unknown>;
  return typeof answer.q === 'string' && Array.isArray(answer.entries) && typeof answer.total === 'number';
}

export function seedSearch(queryClient: QueryClient, lang: LanguageCode, data: PageData | null | undefined): boolean {
  const answer = data?.search;
  if (!isSearchAnswer(answer)) return false;
  queryClient.setQueryData(searchQueryOptions(answer.q, lang).queryKey, { entries: answer.entries, total: answer.total });
  return true;
}
