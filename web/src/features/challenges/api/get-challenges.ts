/** GET {backend}/challenges?lang: the tenant's challenges with the caller's progress (a guest's: none). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import { logFailure } from '@/lib/log';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import type { Challenge } from '../types';
import { challengesKey } from './keys';

/** A failed read is logged (commerce §8) and still rejects: the page says the challenges could not load. */
export async function getChallenges(lang: string): Promise<Challenge[]> {
  const response = await logFailure('Failed to get challenges', getApiClient().get<{ data: Challenge[] }>('/challenges', { query: { lang } }));
  return response.data;
}

export const getChallengesQueryOptions = (userUuid: string, lang: string) =>
  // Progress moves with every play: read afresh whenever a screen shows it.
  queryOptions({ queryKey: challengesKey(userUuid, lang), queryFn: () => getChallenges(lang), staleTime: 0 });

export function useChallenges() {
  const userUuid = usePortalStore((state) => state.userUuid) ?? 'guest';
  const lang = useCurrentLanguage();
  return useQuery(getChallengesQueryOptions(userUuid, lang));
}
