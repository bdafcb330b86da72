/** GET {backend}/structure/{name}/fragment/{id}: one node of a structure, by id or name. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { getApiClient } from '@/lib/api-client';
import type { ConfigNode } from '@/lib/portal-types';
import { useCurrentLanguage } from '@/lib/use-language';

export async function getStructureFragment(name: string, id: string, lang: LanguageCode): Promise<ConfigNode> {
  const path = `/structure/${encodeURIComponent(name)}/fragment/${encodeURIComponent(id)}`;
  const response = await getApiClient().get<{ data: ConfigNode }>(path, { query: { lang } });
  return response.data;
}

export const getStructureFragmentQueryOptions = (name: string, id: string, lang: LanguageCode) =>
  queryOptions({ queryKey: ['structure', name, 'fragment', id, lang] as const, queryFn: () => getStructureFragment(name, id, lang), staleTime: 120_000 });

export function useStructureFragment(name: string, id: string) {
  const lang = useCurrentLanguage();
  return useQuery(getStructureFragmentQueryOptions(name, id, lang));
}
