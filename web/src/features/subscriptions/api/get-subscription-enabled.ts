/** GET {backend}/subscription/enabled/{id}: the type exists for the tenant and is not geo-blocked. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';

export async function getSubscriptionEnabled(id: number): Promise<boolean> {
  const response = await getApiClient().get<{ data: { id: number; enabled: boolean } }>(`/subscription/enabled/${id}`);
  return response.data.enabled;
}

export const subscriptionEnabledQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['subscriptions', 'enabled', id], queryFn: () => getSubscriptionEnabled(id), staleTime: 60_000 });

export function useSubscriptionEnabled(id: number | null) {
  return useQuery({ ...subscriptionEnabledQueryOptions(id ?? 0), enabled: id !== null });
}
