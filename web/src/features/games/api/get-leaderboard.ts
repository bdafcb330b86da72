/** GET /game/leaderboard/{contentId}: the top 10 and the caller's standing (a guest's through their game session). */
import { queryOptions } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { Leaderboard } from '../types';

export async function getLeaderboard(contentId: number, guestSession: string | null): Promise<Leaderboard> {
  const body = await getApiClient().get<{ data: Leaderboard }>(`/game/leaderboard/${contentId}`, guestSession ? { query: { session: guestSession } } : {});
  // Optional members the server may leave out read as empty.
  const data = body.data as Partial<Leaderboard> & Pick<Leaderboard, 'contentId'>;
  return { contentId: data.contentId, entries: data.entries ?? [], me: data.me ?? null, players: data.players ?? 0 };
}

export const leaderboardKey = (contentId: number) => ['games', 'leaderboard', contentId] as const;

export const getLeaderboardQueryOptions = (contentId: number, signedIn: boolean, guestSession: string | null) =>
  queryOptions({
    queryKey: [...leaderboardKey(contentId), signedIn, guestSession] as const,
    queryFn: () => getLeaderboard(contentId, guestSession),
    staleTime: 30_000,
  });
