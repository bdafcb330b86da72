/**
 * PUT {backend}/user/profile {name, lastName, email, userInformation, currentPassword?}: 400 names the field; a new
 * e-mail needs currentPassword (403 CURRENT_PASSWORD_WRONG, 429 after repeated failures) and comes back as
 * `pendingEmail` until the link mailed to it is opened.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-schema';
import { PROFILE_QUERY_KEY, type UserProfile } from './get-profile';

export type ProfileUpdate = ApiBody<'putBackendUserProfile'>;

export async function updateProfile(update: ProfileUpdate): Promise<UserProfile> {
  const response = await getApiClient().put<{ data: UserProfile }>('/user/profile', update);
  return response.data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}
