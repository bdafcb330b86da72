import type { ArticleDetails } from '@/features/catalog/types';

/** The plan a voucher grants in this tenant (`customProperties.subscriptionTypeIds[tenant]`), if any; none without custom properties. */
export function grantedPlan(article: { customProperties: ArticleDetails['customProperties'] | null }, tenant: string): number | null {
  const ids = article.customProperties?.subscriptionTypeIds;
  if (typeof ids !== 'object' || ids === null) return null;
  const id = (ids as Record<string, unknown>)[tenant];
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}
