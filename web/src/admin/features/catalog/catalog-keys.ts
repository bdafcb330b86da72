/** The catalog's query keys: the article list (per query) and an article in a language. */
import { adminKeys } from '@/admin/lib/query-keys';

export const catalogKeys = {
  all: (tenant: string) => [...adminKeys.tenant(tenant), 'catalog'] as const,
  lists: (tenant: string) => [...catalogKeys.all(tenant), 'list'] as const,
  list: (tenant: string, query: object) => [...catalogKeys.lists(tenant), query] as const,
  bulkJob: (tenant: string) => [...catalogKeys.all(tenant), 'bulk'] as const,
  categories: (tenant: string, lang: string) => [...catalogKeys.all(tenant), 'categories', lang] as const,
  article: (tenant: string, id: number, lang: string) => [...catalogKeys.all(tenant), 'article', id, lang] as const,
};
