/** GET {backend}/info-service/daily?lang: every info service of the tenant with what it says today (guests too). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { getApiClient } from '@/lib/api-client';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import type { DailyService } from '../types';
import { INFO_SERVICES_QUERY_KEY } from './keys';

export async function getDaily(lang: LanguageCode): Promise<DailyService[]> {
  const response = await getApiClient().get<{ data: DailyService[] }>('/info-service/daily', { query: { lang } });
  return response.data;
}

export const getDailyQueryOptions = (lang: LanguageCode, userUuid: string | null) =>
  queryOptions({ queryKey: [...INFO_SERVICES_QUERY_KEY, 'daily', lang, userUuid] as const, queryFn: () => getDaily(lang), staleTime: 60_000 });

export function useDaily() {
  const lang = useCurrentLanguage();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const userUuid = usePortalStore((state) => state.userUuid);
  return useQuery(getDailyQueryOptions(lang, signedIn ? (userUuid ?? 'user') : null));
}
