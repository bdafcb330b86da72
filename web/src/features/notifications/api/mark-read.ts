/** POST {backend}/notifications/{id}/read: marks one notification read (again is fine); every notifications query refreshes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { MarkedRead } from '../types';
import { NOTIFICATIONS_QUERY_KEY } from './keys';

export async function markRead(id: string): Promise<MarkedRead> {
  const response = await getApiClient().post<{ data: MarkedRead }>(`/notifications/${encodeURIComponent(id)}/read`);
  return response.data;
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
