/**
 * The parental-control calls that change the account (commerce §7): PUT /parental-control, POST
 * /parental-control/verify/parentalpassword, /sendEmail and /resetPasscode. A change of the account
 * changes what every catalog call answers, so every query is reset and the kept page payloads are
 * dropped (a child profile never reads an adult's cached answer).
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getApiClient, type ApiResult } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-schema';
import { clearPagePayloads } from '@/lib/page-payload';
import { portalStore } from '@/lib/store';
import type { ParentalAccount, ParentalSettings, PasswordVerified, ResetMailSent } from '../types';
import { applyParentalAccount, PARENTAL_QUERY_KEY, parentalQueryKey } from './parental-control';

/** Everything read before the change may show what the new limit hides: read it again. */
export async function resetAfterChange(queryClient: QueryClient, account: ParentalAccount): Promise<void> {
  applyParentalAccount(account);
  clearPagePayloads();
  const read: ApiResult<ParentalAccount> = { ok: true, data: account };
  queryClient.setQueryData(parentalQueryKey(portalStore.getState().userUuid), read);
  await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== PARENTAL_QUERY_KEY[0] });
}

export function useSaveParentalControl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ParentalSettings) =>
      (await getApiClient().put<{ data: ParentalAccount }>('/parental-control', settings)).data,
    onSuccess: (account) => resetAfterChange(queryClient, account),
  });
}

export function useVerifyParentalPassword() {
  return useMutation({
    mutationFn: async (password: string) =>
      (await getApiClient().post<{ data: PasswordVerified }>('/parental-control/verify/parentalpassword', { password })).data,
  });
}

export function useSendResetEmail() {
  return useMutation({
    mutationFn: async () =>
      (await getApiClient().post<{ data: ResetMailSent }>('/parental-control/sendEmail', { sendGridConfig: {} })).data,
  });
}

export function useResetPasscode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ randomCode, password }: ApiBody<'postBackendParentalControlResetPasscode'>) =>
      (await getApiClient().post<{ data: ParentalAccount }>('/parental-control/resetPasscode', { randomCode, password })).data,
    onSuccess: (account) => resetAfterChange(queryClient, account),
  });
}
