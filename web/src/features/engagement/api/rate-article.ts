/** PUT {backend}/rating {articleId, deviceId, score, contentType}: one rating per user and article (a second replaces it). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { Rated, RatingBody } from '../types';
import { ratingQueryKey } from './get-user-rating';

export async function rateArticle({ articleId, score, contentType, deviceId = '1' }: RatingBody): Promise<Rated> {
  const response = await getApiClient().put<{ data: Rated }>('/rating', { articleId, deviceId, score, contentType } satisfies RatingBody);
  return response.data;
}

export function useRateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateArticle,
    onSuccess: (rated) => queryClient.invalidateQueries({ queryKey: ratingQueryKey(rated.articleId) }),
  });
}
