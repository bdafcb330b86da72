/** PUT {backend}/subscription/{id}/partnerMetadata/attributes {value}: merged into the subscription's partnerMetadata. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { UserSubscription } from '../types';
import { USER_SUBSCRIPTIONS_KEY } from './get-user-subscriptions';

export async function updatePartnerMetadata(id: number, value: Record<string, unknown>): Promise<UserSubscription> {
  const response = await getApiClient().put<{ data: UserSubscription }>(`/subscription/${id}/partnerMetadata/attributes`, { value });
  return response.data;
}

export function useUpdatePartnerMetadata() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: { id: number; value: Record<string, unknown> }) => updatePartnerMetadata(id, value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_SUBSCRIPTIONS_KEY }),
  });
}
