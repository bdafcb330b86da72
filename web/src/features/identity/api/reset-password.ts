/** POST {backend}/password/reset {session, password}: sets the new password (the session is single use, 1 hour). */
import { useMutation } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';

export interface PasswordReset {
  session: string;
  password: string;
}

export async function resetPassword(reset: PasswordReset): Promise<void> {
  await getApiClient().post<{ data: { ok: boolean } }>('/password/reset', reset, { skipAuth: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
