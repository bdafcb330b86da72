/**
 * The signed-in account's mobile number (issue 72 item 8), for any feature: the account menu names an account made by
 * its number with it, and paying by mobile bill uses it instead of asking again. The profile is in the query cache from
 * the session's start (features/identity/session.ts); this reads it there and never fetches.
 */
import { skipToken, useQuery } from '@tanstack/react-query';
import type { ApiData } from './api-schema';

type Profile = ApiData<'getBackendUserProfile'>;

/** GET /user/profile's query key (features/identity/api/get-profile.ts fetches under it). */
export const PROFILE_QUERY_KEY = ['user', 'profile'] as const;

/**
 * International digits: the number the operator network signed the account in with, else the one the user gave for a
 * plan (userInformation.msisdn); null when neither.
 */
export function accountMsisdn(profile: Partial<Pick<Profile, 'msisdn' | 'userInformation'>> | null | undefined): string | null {
  if (!profile) return null;
  if (profile.msisdn) return profile.msisdn;
  const given = (profile.userInformation as Record<string, unknown> | null | undefined)?.msisdn;
  const digits = typeof given === 'string' || typeof given === 'number' ? String(given).replace(/[\s+-]/g, '') : '';
  return /^\d{6,15}$/.test(digits) ? digits : null;
}

/** The signed-in account's number from the cached profile; null for a guest or an account without one. */
export function useAccountMsisdn(): string | null {
  const profile = useQuery<Profile>({ queryKey: PROFILE_QUERY_KEY, queryFn: skipToken }).data;
  return accountMsisdn(profile);
}
