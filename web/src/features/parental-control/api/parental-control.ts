/**
 * The parental-control calls (commerce §7): GET/PUT /parental-control, POST
 * /parental-control/verify/parentalpassword, /sendEmail and /resetPasscode. A change of the account
 * changes what every catalog call answers, so every query is reset and the kept page payloads are
 * dropped (a child profile never reads an adult's cached answer).
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getApiClient, settle, type ApiResult } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-schema';
import { log } from '@/lib/log';
import { clearPagePayloads } from '@/lib/page-payload';
import { portalStore, usePortalStore } from '@/lib/store';
import type { ParentalAccount, ParentalSettings, PasswordVerified, ResetMailSent } from '../types';

export const PARENTAL_QUERY_KEY = ['parental-control'] as const;
export const parentalQueryKey = (userUuid: string | null) => [...PARENTAL_QUERY_KEY, userUuid] as const;

/** GET /parental-control: the account, or the error as a value (commerce §8: never throws); a failure is logged. */
export async function getParentalControl(): Promise<ApiResult<ParentalAccount>> {
  const result = await settle(getApiClient().get<{ data: ParentalAccount }>('/parental-control'));
  if (!result.ok) log.error('Could not read the parental-control account', result.error);
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** The store's parental config (the error page's note, the payload switch) follows the account. */
export function applyParentalAccount(account: ParentalAccount | null): void {
  if (!account) {
    portalStore.getState().setParentalConfig(null);
    return;
  }
  portalStore.getState().setParentalConfig({
    active: account.isActive,
    maxAgeGroup: account.maxAgeGroup,
    maxRating: account.maxRating,
    hasPassword: account.hasPassword,
  });
}

/** Everything read before the change may show what the new limit hides: read it again. */
export async function resetAfterChange(queryClient: QueryClient, account: ParentalAccount): Promise<void> {
  applyParentalAccount(account);
  clearPagePayloads();
  const read: ApiResult<ParentalAccount> = { ok: true, data: account };
  queryClient.setQueryData(parentalQueryKey(portalStore.getState().userUuid), read);
  await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== PARENTAL_QUERY_KEY[0] });
}

/** The query's data is the call's result; a failed read is stale at once, so the next screen that shows it asks again. */
export function useParentalControl() {
  const signedIn = usePortalStore((state) => state.role === 'user');
  const userUuid = usePortalStore((state) => state.userUuid);
  return useQuery({
    queryKey: parentalQueryKey(signedIn ? (userUuid ?? 'user') : null),
    queryFn: getParentalControl,
    enabled: signedIn,
    staleTime: (query) => (query.state.data?.ok === false ? 0 : 60_000),
  });
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
