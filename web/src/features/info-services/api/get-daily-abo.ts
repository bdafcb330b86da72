/** GET {backend}/info-service/daily-abo?lang: today's lines of the services the caller subscribed to (signed-in users). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { getApiClient } from '@/lib/api-client';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import type { DailyService } from '../types';
import { INFO_SERVICES_QUERY_KEY } from './keys';

export async function getDailyAbo(lang: LanguageCode): Promise<DailyService[]> {
  const response = await getApiClient().get<{ data: DailyService[] }>('/info-service/daily-abo', { query: { lang } });
  return response.data;
}

export const getDailyAboQueryOptions = (lang: LanguageCode, userUuid: string) =>
  queryOptions({ queryKey: [...INFO_SERVICES_QUERY_KEY, 'daily-abo', lang, userUuid] as const, queryFn: () => getDailyAbo(lang), staleTime: 60_000 });

export function useDailyAbo() {
  const lang = useCurrentLanguage();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const userUuid = usePortalStore((state) => state.userUuid) ?? 'user';
  return useQuery({ ...getDailyAboQueryOptions(lang, userUuid), enabled: signedIn });
}
