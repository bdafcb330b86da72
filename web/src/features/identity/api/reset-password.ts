/** POST {backend}/password/reset {session, password}: sets the new password (the session is single use, 1 hour). */
import { useMutation } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { ApiBody, ApiData } from '@/lib/api-schema';

export type PasswordReset = ApiBody<'postBackendPasswordReset'>;

export async function resetPassword(reset: PasswordReset): Promise<void> {
  await getApiClient().post<{ data: ApiData<'postBackendPasswordReset'> }>('/password/reset', reset, { skipAuth: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
