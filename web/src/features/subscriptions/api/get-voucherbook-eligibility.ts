/** GET {backend}/subscription/isVoucherbookEligible?subsTypeId: the user holds an active subscription of that type. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-schema';

export async function getVoucherbookEligibility(subsTypeId: number): Promise<boolean> {
  const response = await getApiClient().get<{ data: ApiData<'getBackendSubscriptionIsVoucherbookEligible'> }>('/subscription/isVoucherbookEligible', { query: { subsTypeId } });
  return response.data.eligible;
}

export const voucherbookEligibilityQueryOptions = (subsTypeId: number) =>
  queryOptions({ queryKey: ['subscriptions', 'voucherbook', subsTypeId], queryFn: () => getVoucherbookEligibility(subsTypeId) });

export function useVoucherbookEligibility(subsTypeId: number | null, signedIn: boolean) {
  return useQuery({ ...voucherbookEligibilityQueryOptions(subsTypeId ?? 0), enabled: subsTypeId !== null && signedIn });
}
