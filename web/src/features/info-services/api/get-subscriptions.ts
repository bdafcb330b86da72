/** GET {backend}/info-service/subscriptions?lang: the caller's info-service subscriptions (signed-in users). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { getApiClient } from '@/lib/api-client';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import type { InfoSubscription } from '../types';
import { INFO_SERVICES_QUERY_KEY } from './keys';

export async function getInfoSubscriptions(lang: LanguageCode): Promise<InfoSubscription[]> {
  const response = await getApiClient().get<{ data: InfoSubscription[] }>('/info-service/subscriptions', { query: { lang } });
  return response.data;
}

export const getInfoSubscriptionsQueryOptions = (lang: LanguageCode, userUuid: string) =>
  queryOptions({
    queryKey: [...INFO_SERVICES_QUERY_KEY, 'subscriptions', lang, userUuid] as const,
    queryFn: () => getInfoSubscriptions(lang),
    staleTime: 60_000,
  });

export function useInfoSubscriptions() {
  const lang = useCurrentLanguage();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const userUuid = usePortalStore((state) => state.userUuid) ?? 'user';
  return useQuery({ ...getInfoSubscriptionsQueryOptions(lang, userUuid), enabled: signedIn });
}
