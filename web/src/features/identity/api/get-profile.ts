/** GET {backend}/user/profile: the signed-in user. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import { PROFILE_QUERY_KEY } from '@/lib/account-msisdn';
import type { ApiData } from '@/lib/api-schema';
import { usePortalStore } from '@/lib/store';

/** The signed-in user; `pendingEmail` is a new address waiting for the link mailed to it (the e-mail stays `email` until then). */
export type UserProfile = ApiData<'getBackendUserProfile'>;

export function isUserProfile(value: unknown): value is UserProfile {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return typeof user.uuid === 'string' && Array.isArray(user.roles);
}

/**
 * With `accessToken` (the session's own call at start-up) the bearer is given explicitly and a 401
 * is returned to the caller, which logs out, instead of reloading the page.
 */
export async function getProfile(accessToken?: string): Promise<UserProfile> {
  const options = accessToken ? { skipAuth: true, headers: { Authorization: `Bearer ${accessToken}` } } : {};
  const response = await getApiClient().get<{ data: UserProfile }>('/user/profile', options);
  return response.data;
}

export { PROFILE_QUERY_KEY };

export const getProfileQueryOptions = () => queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: () => getProfile(), staleTime: 5 * 60_000 });

/** The signed-in user's profile (seeded by the session, so it is there on first paint). */
export function useProfile() {
  const signedIn = usePortalStore((state) => state.role === 'user');
  return useQuery({ ...getProfileQueryOptions(), enabled: signedIn });
}
