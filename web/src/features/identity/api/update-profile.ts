/** PUT {backend}/user/profile {name, lastName, email, userInformation}: 400 names the field, 409 EMAIL_ALREADY_USED. */
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
