/** GET {backend}/subscription/type?lang: the tenant's plans (public), cached for 7200 s (commerce §9). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { getApiClient } from '@/lib/api-client';
import type { SubscriptionType } from '../types';

export const SUBSCRIPTION_TYPES_STALE_MS = 7_200_000;

export async function getSubscriptionTypes(lang: LanguageCode): Promise<SubscriptionType[]> {
  const response = await getApiClient().get<{ data: SubscriptionType[] }>('/subscription/type', { query: { lang } });
  return Array.isArray(response.data) ? response.data : [];
}

export const subscriptionTypesQueryOptions = (lang: LanguageCode, userKey: string | null) =>
  queryOptions({
    queryKey: ['subscriptions', 'types', lang, userKey],
    queryFn: () => getSubscriptionTypes(lang),
    staleTime: SUBSCRIPTION_TYPES_STALE_MS,
  });

export function useSubscriptionTypesQuery(lang: LanguageCode, userKey: string | null) {
  return useQuery(subscriptionTypesQueryOptions(lang, userKey));
}
