/**
 * The console's one search (GET /backend/admin/search, issue 78 item 4): what the member's role may open, a few hits of
 * each kind, in the member's language.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import type { Data, Envelope } from '@/admin/lib/api';
import { searchKeys } from './search-keys';

export type ConsoleSearch = Data<'getBackendAdminSearch', 200>;
export type SearchHit = ConsoleSearch['hits'][number];

/** The longest query the server takes. */
export const MAX_QUERY = 200;

export async function searchConsole(api: ApiClient, q: string, lang: string): Promise<ConsoleSearch> {
  return (await api.get<Envelope<ConsoleSearch>>('/admin/search', { query: { q, lang } })).data;
}

export function searchOptions(api: ApiClient, tenant: string, q: string, lang: string) {
  return queryOptions({
    queryKey: searchKeys.find(tenant, q, lang),
    queryFn: () => searchConsole(api, q, lang),
    enabled: q.length > 0 && q.length <= MAX_QUERY,
    staleTime: 15_000,
  });
}
