/**
 * Reading the parental-control account (commerce §7): GET /parental-control, which every signed-in page
 * keeps in step with the store (use-parental-control-sync.ts). The calls that change it are the settings'
 * own (change-parental-control.ts), loaded with the pages and dialogs that make them.
 */
import { useQuery } from '@tanstack/react-query';
import { getApiClient, settle, type ApiResult } from '@/lib/api-client';
import { log } from '@/lib/log';
import { portalStore, usePortalStore } from '@/lib/store';
import type { ParentalAccount } from '../types';

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
