/**
 * PUT {backend}/user/profile with the identity fields a plan requires (REQUIRED_IDENTITY_FIELD_NOT_FOUND).
 * The profile is read first so the other fields are sent unchanged.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { ApiBody, ApiData } from '@/lib/api-schema';

type Profile = ApiData<'getBackendUserProfile'>;
type ProfileUpdate = ApiBody<'putBackendUserProfile'>;

const PROFILE_FIELDS = ['name', 'lastName', 'email'] as const;

export async function updateIdentityFields(values: Record<string, string>): Promise<void> {
  const client = getApiClient();
  const current = (await client.get<{ data: Profile }>('/user/profile')).data;
  const update: ProfileUpdate = { name: current.name, lastName: current.lastName, email: current.email, userInformation: { ...current.userInformation } };
  for (const [field, value] of Object.entries(values)) {
    if ((PROFILE_FIELDS as readonly string[]).includes(field)) update[field as (typeof PROFILE_FIELDS)[number]] = value;
    else update.userInformation = { ...update.userInformation, [field]: value };
  }
  await client.put('/user/profile', update);
}

export function useUpdateIdentityFields() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateIdentityFields, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user', 'profile'] }) });
}
