/** GET {backend}/notifications?limit&offset: the caller's notifications, newest first, a page at a time ("more"). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import { usePortalStore } from '@/lib/store';
import type { NotificationPage } from '../types';
import { notificationsKey } from './keys';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export async function getNotifications(offset: number, limit = NOTIFICATIONS_PAGE_SIZE): Promise<NotificationPage> {
  const response = await getApiClient().get<{ data: NotificationPage }>('/notifications', { query: { limit, offset } });
  return response.data;
}

export const getNotificationsQueryOptions = (userUuid: string) =>
  infiniteQueryOptions({
    queryKey: [...notificationsKey(userUuid), 'list'] as const,
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: NotificationPage) => (last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined),
  });

export function useNotifications() {
  const signedIn = usePortalStore((state) => state.role === 'user');
  const userUuid = usePortalStore((state) => state.userUuid) ?? 'user';
  return useInfiniteQuery({ ...getNotificationsQueryOptions(userUuid), enabled: signedIn });
}
