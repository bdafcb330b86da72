/**
 * POST {backend}/password/reset {session, password}: sets the new password (the session is single use, 1 hour). Called
 * as it is, without a TanStack mutation: the form's own state says it is sending (issue 77 item 6: the mutation's code
 * was 1.3 KB more on the page's first paint).
 */
import { getApiClient } from '@/lib/api-client';
import type { ApiBody, ApiData } from '@/lib/api-schema';

export type PasswordReset = ApiBody<'postBackendPasswordReset'>;

export async function resetPassword(reset: PasswordReset): Promise<void> {
  await getApiClient().post<{ data: ApiData<'postBackendPasswordReset'> }>('/password/reset', reset, { skipAuth: true });
}
