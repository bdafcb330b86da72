/** The structures' query keys: the list, a structure's versions and documents, and the pickers' answers. */
import { adminKeys } from '@/admin/lib/query-keys';

export const structureKeys = {
  all: (tenant: string) => [...adminKeys.tenant(tenant), 'structures'] as const,
  list: (tenant: string) => [...structureKeys.all(tenant), 'list'] as const,
  versions: (tenant: string, name: string) => [...structureKeys.all(tenant), name, 'versions'] as const,
  doc: (tenant: string, name: string | null, version: number | string) => [...structureKeys.all(tenant), name, 'doc', version] as const,
  plans: (tenant: string) => [...structureKeys.all(tenant), 'plans'] as const,
  categories: (tenant: string, section: string, lang: string) => [...structureKeys.all(tenant), 'categories', section, lang] as const,
  catalogTotal: (tenant: string, query: object, lang: string) => [...structureKeys.all(tenant), 'catalog-total', query, lang] as const,
};
