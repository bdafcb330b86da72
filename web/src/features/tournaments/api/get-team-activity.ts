/**
 * The two tournament fragments (commerce §7): the caller's unseen team notifications and the join
 * requests waiting for them as captain, for one tournament. Polled with the cache-busting `c` while
 * the page is visible (every 30 s); signed-in users only.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getStructureFragment } from '@/lib/structure-fragment';
import { usePortalStore } from '@/lib/store';
import type { NotificationsFragment, PendingFragment, TeamActivity } from '../types';
import { TOURNAMENTS_QUERY_KEY } from './keys';

export async function getTeamActivity(tournamentId: number): Promise<TeamActivity> {
  const c = String(Date.now());
  const [notifications, pending] = await Promise.all([
    getStructureFragment<NotificationsFragment>('fragments_tournament-team-notifications', tournamentId, { c }),
    getStructureFragment<PendingFragment>('fragments_tournament-pending-requests', tournamentId, { c }),
  ]);
  return {
    notifications: notifications.data.customProperties.notifications.items,
    pending: pending.data.customProperties.pendingRequests.requests,
  };
}

export const getTeamActivityQueryOptions = (tournamentId: number, userUuid: string) =>
  queryOptions({
    queryKey: [...TOURNAMENTS_QUERY_KEY, 'activity', tournamentId, userUuid] as const,
    queryFn: () => getTeamActivity(tournamentId),
    refetchInterval: 30_000,
  });

export function useTeamActivity(tournamentId: number) {
  const signedIn = usePortalStore((state) => state.role === 'user');
  const userUuid = usePortalStore((state) => state.userUuid) ?? 'user';
  return useQuery({ ...getTeamActivityQueryOptions(tournamentId, userUuid), enabled: signedIn });
}
