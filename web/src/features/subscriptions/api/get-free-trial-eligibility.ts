/** GET {backend}/subscription/isFreeTrialEligible: which plans the user may still trial. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { TrialEligibility } from '../types';

export async function getFreeTrialEligibility(): Promise<TrialEligibility> {
  const response = await getApiClient().get<{ data: TrialEligibility }>('/subscription/isFreeTrialEligible');
  return { eligible: response.data.eligible, subscriptionTypeIds: response.data.subscriptionTypeIds };
}

export const freeTrialEligibilityQueryOptions = (userKey: string | null) =>
  queryOptions({ queryKey: ['subscriptions', 'trial', userKey], queryFn: getFreeTrialEligibility, staleTime: 60_000 });

export function useFreeTrialEligibility(userKey: string | null) {
  return useQuery({ ...freeTrialEligibilityQueryOptions(userKey), enabled: userKey !== null });
}
