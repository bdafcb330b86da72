/** GET {backend}/subscription?inclCancelled&inclSubscriptionType: the user's subscriptions, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { UserSubscription } from '../types';

export async function getUserSubscriptions(inclCancelled = true): Promise<UserSubscription[]> {
  const response = await getApiClient().get<{ data: UserSubscription[] }>('/subscription', {
    query: { inclCancelled, inclSubscriptionType: true },
  });
  return Array.isArray(response.data) ? response.data : [];
}

export const USER_SUBSCRIPTIONS_KEY = ['subscriptions', 'user'] as const;

export const userSubscriptionsQueryOptions = (userKey: string | null) =>
  queryOptions({ queryKey: [...USER_SUBSCRIPTIONS_KEY, userKey], queryFn: () => getUserSubscriptions(true), staleTime: 30_000 });

export function useUserSubscriptionsQuery(userKey: string | null) {
  return useQuery({ ...userSubscriptionsQueryOptions(userKey), enabled: userKey !== null });
}
