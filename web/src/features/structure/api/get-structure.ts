/** GET {backend}/structure/{name}: a tenant structure (home page, header, footer, …) for a language. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { getApiClient } from '@/lib/api-client';
import type { ConfigNode } from '@/lib/portal-types';
import { useCurrentLanguage } from '@/lib/use-language';
import { useStructurePlaceholders } from '../fill-placeholders';

export interface StructureQuery {
  omitCache?: boolean;
  deviceId?: string;
  isDesktop?: boolean;
  os?: string;
  minRating?: number;
  maxRating?: number;
  lastId?: string;
}

export async function getStructure(name: string, lang: LanguageCode, query: StructureQuery = {}): Promise<ConfigNode> {
  const response = await getApiClient().get<{ data: ConfigNode }>(`/structure/${encodeURIComponent(name)}`, { query: { ...query, lang } });
  return response.data;
}

export const structureQueryKey = (name: string, lang: LanguageCode) => ['structure', name, lang] as const;

export const getStructureQueryOptions = (name: string, lang: LanguageCode) =>
  queryOptions({ queryKey: structureQueryKey(name, lang), queryFn: () => getStructure(name, lang), staleTime: 120_000 });

/** A structure for the current language, its custom properties' placeholders filled (spec 1 §2). */
export function useStructure(name: string) {
  const lang = useCurrentLanguage();
  const select = useStructurePlaceholders();
  return useQuery({ ...getStructureQueryOptions(name, lang), select });
}
