/** POST {backend}/notifications/read-all: marks every notification of the caller read; every notifications query refreshes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { MarkedRead } from '../types';
import { NOTIFICATIONS_QUERY_KEY } from './keys';

export async function markAllRead(): Promise<MarkedRead> {
  const response = await getApiClient().post<{ data: MarkedRead }>('/notifications/read-all');
  return response.data;
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
