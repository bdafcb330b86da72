/** GET {backend}/like/{type}: the caller's liked items of one kind, newest first, with their articles. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { getApiClient } from '@/lib/api-client';
import { logFailure } from '@/lib/log';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import type { LikedEntry, LikeKind } from '../types';
import { LIKES_QUERY_KEY } from './get-liked-ids';

export const FAVORITES_PAGE_SIZE = 100;

/** A failed read is logged (commerce §8) and still rejects. */
export async function getLiked<A>(kind: LikeKind, lang: LanguageCode): Promise<LikedEntry<A>[]> {
  const path = `/like/${encodeURIComponent(kind)}`;
  const response = await logFailure('Failed to get likes', getApiClient().get<{ data: LikedEntry<A>[] }>(path, { query: { lang, limit: FAVORITES_PAGE_SIZE } }));
  return response.data;
}

export const likedQueryKey = (kind: LikeKind, lang: LanguageCode, userUuid: string | null) => [...LIKES_QUERY_KEY, 'list', kind, lang, userUuid] as const;

export const getLikedQueryOptions = <A>(kind: LikeKind, lang: LanguageCode, userUuid: string | null) =>
  queryOptions({ queryKey: likedQueryKey(kind, lang, userUuid), queryFn: () => getLiked<A>(kind, lang), enabled: userUuid !== null });

export function useLiked<A>(kind: LikeKind) {
  const lang = useCurrentLanguage();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const userUuid = usePortalStore((state) => state.userUuid);
  return useQuery(getLikedQueryOptions<A>(kind, lang, signedIn ? (userUuid ?? 'user') : null));
}
