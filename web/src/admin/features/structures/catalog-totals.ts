/**
 * How many items the catalog holds for each catalog row's query, asked as the storefront asks it (GET
 * /backend/catalog/articles, a guest: what a visitor sees), so the editor's "n items" is the storefront's.
 */
import { useQueries } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import type { ApiQuery } from '@/lib/api-schema';
import { useConsole } from '@/admin/lib/console-context';
import type { Data, Envelope } from '@/admin/lib/api';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { queryOf, type CatalogQuery } from './node-content';
import { nodeType, type TreeNode } from './structures-tree';
import { structureKeys } from './structure-keys';

type ArticlePage = Data<'getBackendCatalogArticles', 200>;
type ArticlesQuery = ApiQuery<'getBackendCatalogArticles'>;

/** The list call's query for a row (filters left empty are not sent). */
export function listQuery(query: CatalogQuery): Omit<ArticlesQuery, 'offset' | 'limit' | 'lang'> {
  const out: Omit<ArticlesQuery, 'offset' | 'limit' | 'lang'> = {};
  if (query.section) out.section = query.section;
  if (query.contentType) out.contentType = query.contentType;
  if (query.category) out.category = query.category;
  if (query.sort) out.sort = query.sort;
  return out;
}

export const catalogCalls = {
  /** The first `limit` items of a row's list, and the list's total. */
  list: async (api: ApiClient, query: CatalogQuery, lang: string, limit: number) =>
    (await api.get<Envelope<ArticlePage>>('/catalog/articles', { query: { ...listQuery(query), offset: 0, limit, lang } })).data,
};

/** The catalog's total for each catalog row (null while asking, or when the call failed). */
export function useCatalogTotals(nodes: readonly TreeNode[]): Map<TreeNode, number | null> {
  const { api, tenant } = useConsole();
  const { lang } = useAdminI18n();
  const rows = nodes.filter((node) => nodeType(node) === 'catalog');
  // One call per distinct query (two rows may ask the same).
  const keys = [...new Set(rows.map((node) => JSON.stringify(queryOf(node))))];
  const answers = useQueries({
    queries: keys.map((key) => {
      const query = JSON.parse(key) as CatalogQuery;
      return { queryKey: structureKeys.catalogTotal(tenant, query, lang), queryFn: () => catalogCalls.list(api, query, lang, 1), staleTime: 30_000 };
    }),
  });
  const totals = new Map<TreeNode, number | null>();
  for (const node of rows) totals.set(node, answers[keys.indexOf(JSON.stringify(queryOf(node)))]?.data?.total ?? null);
  return totals;
}
