/** POST {backend}/info-service/subscribe {serviceId, subscribe}: subscribes or unsubscribes (both idempotent); every info-service query refreshes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { SubscribeBody, SubscribeResult } from '../types';
import { INFO_SERVICES_QUERY_KEY } from './keys';

export async function setInfoSubscription(body: SubscribeBody): Promise<SubscribeResult> {
  const response = await getApiClient().post<{ data: SubscribeResult }>('/info-service/subscribe', body);
  return response.data;
}

export function useSetInfoSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setInfoSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: INFO_SERVICES_QUERY_KEY }),
  });
}
