/** GET {backend}/like: the caller's liked ids by kind (commerce §3). Guests are not asked: every list is empty. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import { logFailure } from '@/lib/log';
import { usePortalStore } from '@/lib/store';
import { LIKE_KINDS, type LikedIds, type LikedIdsAnswer } from '../types';

export const EMPTY_LIKES: LikedIds = Object.fromEntries(LIKE_KINDS.map((kind) => [kind, []])) as unknown as LikedIds;

/** A failed read is logged (commerce §8) and still rejects. */
export async function getLikedIds(): Promise<LikedIds> {
  const response = await logFailure('Failed to get likes', getApiClient().get<{ data: LikedIdsAnswer }>('/like'));
  return { ...EMPTY_LIKES, ...response.data };
}

/** Every likes query starts with this key: a like or unlike invalidates them all. */
export const LIKES_QUERY_KEY = ['engagement', 'likes'] as const;
export const likedIdsQueryKey = (userUuid: string | null) => [...LIKES_QUERY_KEY, 'ids', userUuid] as const;

export const getLikedIdsQueryOptions = (userUuid: string | null) =>
  queryOptions({ queryKey: likedIdsQueryKey(userUuid), queryFn: getLikedIds, staleTime: 60_000, enabled: userUuid !== null });

export function useLikedIds() {
  const signedIn = usePortalStore((state) => state.role === 'user');
  const userUuid = usePortalStore((state) => state.userUuid);
  // Spec §8: read-call errors are logged and swallowed: an unreadable list shows nothing liked.
  return useQuery({ ...getLikedIdsQueryOptions(signedIn ? (userUuid ?? 'user') : null) });
}
