/** PATCH {backend}/kafka/optInChallenge/{id}: the signed-in user joins a challenge (again is fine). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { OptedIn } from '../types';
import { CHALLENGES_QUERY_KEY } from './keys';

export async function optInChallenge(id: number): Promise<OptedIn> {
  const response = await getApiClient().request<{ data: OptedIn }>('PATCH', `/kafka/optInChallenge/${encodeURIComponent(String(id))}`);
  return response.data;
}

export function useOptInChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: optInChallenge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHALLENGES_QUERY_KEY }),
  });
}
