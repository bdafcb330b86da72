/** GET {backend}/catalog/categories?section: a section's category (genre) tree. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { getApiClient } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/use-language';
import type { Category } from '../types';

export async function getCategories(section: string, lang: LanguageCode): Promise<Category[]> {
  const response = await getApiClient().get<{ data: Category[] }>('/catalog/categories', { query: { section, lang } });
  return response.data;
}

export const getCategoriesQueryOptions = (section: string, lang: LanguageCode) =>
  queryOptions({ queryKey: ['catalog', 'categories', section, lang] as const, queryFn: () => getCategories(section, lang), staleTime: 3_600_000 });

export function useCategories(section: string | null) {
  const lang = useCurrentLanguage();
  return useQuery({ ...getCategoriesQueryOptions(section ?? '', lang), enabled: section !== null });
}
