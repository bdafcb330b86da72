/**
 * The root of every console query key (TanStack Query): the signed-in staff member's own answer, and one prefix per
 * tenant under which each feature's factory (features/<area>/<area>-keys.ts) builds its keys, so that a tenant's
 * answers can be dropped together (a provider account changed: every price and option may have changed).
 */
export const adminKeys = {
  all: ['admin'] as const,
  me: () => [...adminKeys.all, 'me'] as const,
  tenant: (tenant: string) => [...adminKeys.all, tenant] as const,
  /** The article search box (components/article-search.tsx), any feature's. */
  articleSearch: (tenant: string, source: string, asked: string, lang: string) => [...adminKeys.tenant(tenant), 'article-search', source, asked, lang] as const,
};
