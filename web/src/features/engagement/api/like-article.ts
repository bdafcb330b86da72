/** POST {backend}/like/{type}/{id} (like) and DELETE (unlike); both idempotent. Every likes query is refreshed after. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { LikeAnswer, LikeChange, LikedIds } from '../types';
import { LIKES_QUERY_KEY } from './get-liked-ids';

export async function setLike({ kind, id, like }: LikeChange): Promise<LikeAnswer> {
  const path = `/like/${encodeURIComponent(kind)}/${id}`;
  const response = like ? await getApiClient().post<{ data: LikeAnswer }>(path) : await getApiClient().delete<{ data: LikeAnswer }>(path);
  return response.data;
}

/** Shows the change at once in the ids lists (optimistic), then refreshes every likes query. */
export function useSetLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLike,
    onMutate: async ({ kind, id, like }) => {
      await queryClient.cancelQueries({ queryKey: [...LIKES_QUERY_KEY, 'ids'] });
      queryClient.setQueriesData<LikedIds>({ queryKey: [...LIKES_QUERY_KEY, 'ids'] }, (ids) => {
        if (!ids) return ids;
        const without = ids[kind].filter((other) => other !== id);
        return { ...ids, [kind]: like ? [id, ...without] : without };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: LIKES_QUERY_KEY }),
  });
}
