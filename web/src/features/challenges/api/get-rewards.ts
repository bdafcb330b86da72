/** GET {backend}/reward?limit&offset&lang: the caller's TICKETS balance and ledger, newest first, a page at a time. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import type { Rewards } from '../types';
import { rewardsKey } from './keys';

export const LEDGER_PAGE_SIZE = 20;

export async function getRewards(offset: number, lang: string, limit = LEDGER_PAGE_SIZE): Promise<Rewards> {
  const response = await getApiClient().get<{ data: Rewards }>('/reward', { query: { limit, offset, lang } });
  return response.data;
}

export const getRewardsQueryOptions = (userUuid: string, lang: string) =>
  infiniteQueryOptions({
    queryKey: rewardsKey(userUuid, lang),
    queryFn: ({ pageParam }) => getRewards(pageParam, lang),
    initialPageParam: 0,
    staleTime: 0,
    getNextPageParam: (last: Rewards) => (last.offset + last.entries.length < last.total ? last.offset + last.entries.length : undefined),
  });

export function useRewards() {
  const signedIn = usePortalStore((state) => state.role === 'user');
  const userUuid = usePortalStore((state) => state.userUuid) ?? 'user';
  const lang = useCurrentLanguage();
  return useInfiniteQuery({ ...getRewardsQueryOptions(userUuid, lang), enabled: signedIn });
}
