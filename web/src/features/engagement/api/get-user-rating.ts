/**
 * GET {backend}/rating/user/article/{id}: the caller's score (null when not rated). Guests are not asked, and
 * neither is an id that names no article (the rating dialog is mounted before it has a target: id 0).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import { usePortalStore } from '@/lib/store';
import type { UserRating } from '../types';

export async function getUserRating(id: number): Promise<UserRating> {
  const response = await getApiClient().get<{ data: UserRating }>(`/rating/user/article/${id}`);
  return response.data;
}

/** Every rating query of an article starts with this key: a new rating invalidates them. */
export const ratingQueryKey = (id: number) => ['engagement', 'rating', id] as const;
export const userRatingQueryKey = (id: number, userUuid: string | null) => [...ratingQueryKey(id), 'mine', userUuid] as const;

export const getUserRatingQueryOptions = (id: number, userUuid: string | null) =>
  queryOptions({ queryKey: userRatingQueryKey(id, userUuid), queryFn: () => getUserRating(id), enabled: userUuid !== null && id > 0 });

export function useUserRating(id: number) {
  const signedIn = usePortalStore((state) => state.role === 'user');
  const userUuid = usePortalStore((state) => state.userUuid);
  return useQuery(getUserRatingQueryOptions(id, signedIn ? (userUuid ?? 'user') : null));
}
