/**
 * GET {backend}/notifications/unread-count: the header badge. Signed-in users only; refreshed every
 * minute while the page is visible and when the window gets the focus back.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import { usePortalStore } from '@/lib/store';
import type { UnreadCount } from '../types';
import { notificationsKey } from './keys';

export const UNREAD_REFRESH_MS = 60_000;

export async function getUnreadCount(): Promise<UnreadCount> {
  const response = await getApiClient().get<{ data: UnreadCount }>('/notifications/unread-count');
  return response.data;
}

export const getUnreadCountQueryOptions = (userUuid: string) =>
  queryOptions({
    queryKey: [...notificationsKey(userUuid), 'unread'] as const,
    queryFn: getUnreadCount,
    staleTime: 30_000,
    refetchInterval: UNREAD_REFRESH_MS,
  });

export function useUnreadCount() {
  const signedIn = usePortalStore((state) => state.role === 'user');
  const userUuid = usePortalStore((state) => state.userUuid) ?? 'user';
  return useQuery({ ...getUnreadCountQueryOptions(userUuid), enabled: signedIn });
}
