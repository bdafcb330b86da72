/** GET {backend}/tournament/{news|videos}/{id}?lang and /tournament/media/{id}?lang: tournament news and videos. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { getApiClient } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/use-language';
import type { TournamentMedia, TournamentMediaList } from '../types';
import { TOURNAMENTS_QUERY_KEY } from './keys';

export type MediaKind = 'news' | 'videos';

export async function getMediaEntry(kind: MediaKind, id: string, lang: LanguageCode): Promise<TournamentMedia> {
  return (await getApiClient().get<{ data: TournamentMedia }>(`/tournament/${kind}/${encodeURIComponent(id)}`, { query: { lang } })).data;
}

export async function getTournamentMedia(tournamentId: number, lang: LanguageCode): Promise<TournamentMediaList> {
  return (await getApiClient().get<{ data: TournamentMediaList }>(`/tournament/media/${String(tournamentId)}`, { query: { lang } })).data;
}

export function useMediaEntry(kind: MediaKind, id: string) {
  const lang = useCurrentLanguage();
  return useQuery(
    queryOptions({ queryKey: [...TOURNAMENTS_QUERY_KEY, 'media', kind, id, lang] as const, queryFn: () => getMediaEntry(kind, id, lang), staleTime: 300_000 }),
  );
}

export function useTournamentMedia(tournamentId: number) {
  const lang = useCurrentLanguage();
  return useQuery(
    queryOptions({ queryKey: [...TOURNAMENTS_QUERY_KEY, 'media-list', tournamentId, lang] as const, queryFn: () => getTournamentMedia(tournamentId, lang), staleTime: 300_000 }),
  );
}
