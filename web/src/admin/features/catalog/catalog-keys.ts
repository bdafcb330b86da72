/** The catalog's query keys: the article list (per query) and an article in a language. */
import { adminKeys } from '@/admin/lib/query-keys';

export const catalogKeys = {
  all: (tenant: string) => [...adminKeys.tenant(tenant), 'catalog'] as const,
  lists: (tenant: string) => [...catalogKeys.all(tenant), 'list'] as const,
  list: (tenant: string, query: object) => [...catalogKeys.lists(tenant), query] as const,
  article: (tenant: string, id: number, lang: string) => [...catalogKeys.all(tenant), 'article', id, lang] as const,
};
