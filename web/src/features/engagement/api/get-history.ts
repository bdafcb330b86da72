/** GET {backend}/user/history/PLAY: the caller's play history, newest first, with the articles (the streaming domain's call). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { getApiClient } from '@/lib/api-client';
import { logFailure } from '@/lib/log';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import type { HistoryEntry } from '../types';

export const HISTORY_PAGE_SIZE = 100;

/** A failed read is logged (commerce §8) and still rejects. */
export async function getHistory<A>(lang: LanguageCode): Promise<HistoryEntry<A>[]> {
  const response = await logFailure('Failed to get history', getApiClient().get<{ data: HistoryEntry<A>[] }>('/user/history/PLAY', { query: { lang, limit: HISTORY_PAGE_SIZE } }));
  return response.data;
}

export const HISTORY_QUERY_KEY = ['engagement', 'history'] as const;
export const historyQueryKey = (lang: LanguageCode, userUuid: string | null) => [...HISTORY_QUERY_KEY, lang, userUuid] as const;

export const getHistoryQueryOptions = <A>(lang: LanguageCode, userUuid: string | null) =>
  queryOptions({ queryKey: historyQueryKey(lang, userUuid), queryFn: () => getHistory<A>(lang), enabled: userUuid !== null });

export function useHistory<A>() {
  const lang = useCurrentLanguage();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const userUuid = usePortalStore((state) => state.userUuid);
  return useQuery(getHistoryQueryOptions<A>(lang, signedIn ? (userUuid ?? 'user') : null));
}
