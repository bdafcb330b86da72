/** Every apps query lives under one key per signed-in user: a write refreshes them all. */
import { usePortalStore } from '@/lib/store';

export const APPS_QUERY_KEY = ['apps'] as const;
export const appsKey = (userUuid: string) => [...APPS_QUERY_KEY, userUuid] as const;

/** Whether the caller is signed in, and the key of their apps queries. */
export function useAppsKey() {
  const signedIn = usePortalStore((state) => state.role === 'user');
  const userUuid = usePortalStore((state) => state.userUuid) ?? 'user';
  return { signedIn, key: appsKey(userUuid) };
}
