/** DELETE {backend}/user/history/PLAY/{id}: forget one entry (idempotent); the history list is refreshed after. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import { HISTORY_QUERY_KEY } from './get-history';

export async function removeHistory(id: number): Promise<void> {
  await getApiClient().delete(`/user/history/PLAY/${id}`);
}

export function useRemoveHistory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeHistory, onSettled: () => queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY }) });
}
