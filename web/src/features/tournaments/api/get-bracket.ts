/** GET {backend}/tournament/bracket/{id}: teams and bracket (a preview while registration is open); per caller, never cached. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import { usePortalStore } from '@/lib/store';
import type { Bracket } from '../types';
import { TOURNAMENTS_QUERY_KEY } from './keys';

export async function getBracket(tournamentId: number): Promise<Bracket> {
  const response = await getApiClient().get<{ data: Bracket }>(`/tournament/bracket/${String(tournamentId)}`);
  return response.data;
}

export const getBracketQueryOptions = (tournamentId: number, userUuid: string | null) =>
  queryOptions({
    queryKey: [...TOURNAMENTS_QUERY_KEY, 'bracket', tournamentId, userUuid] as const,
    queryFn: () => getBracket(tournamentId),
    staleTime: 15_000,
  });

export function useBracket(tournamentId: number) {
  const signedIn = usePortalStore((state) => state.role === 'user');
  const userUuid = usePortalStore((state) => state.userUuid);
  return useQuery(getBracketQueryOptions(tournamentId, signedIn ? (userUuid ?? 'user') : null));
}
