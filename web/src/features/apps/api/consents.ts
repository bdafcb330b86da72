/**
 * A user's consent calls: GET {backend}/apps/consent/{id} (the consent screen), PUT it with
 * {decision: granted | refused}, DELETE it (revoke a grant), GET /apps/consents (the granted apps).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { Consent } from '../types';
import { APPS_QUERY_KEY, useAppsKey } from './keys';

const consentPath = (id: string) => `/apps/consent/${encodeURIComponent(id)}`;

export async function getConsent(id: string): Promise<Consent> {
  return (await getApiClient().get<{ data: Consent }>(consentPath(id))).data;
}
export async function decideConsent(id: string, decision: 'granted' | 'refused'): Promise<Consent> {
  return (await getApiClient().put<{ data: Consent }>(consentPath(id), { decision })).data;
}
export async function revokeConsent(id: string): Promise<Consent> {
  return (await getApiClient().delete<{ data: Consent }>(consentPath(id))).data;
}
export async function getGrantedApps(): Promise<Consent[]> {
  return (await getApiClient().get<{ data: Consent[] }>('/apps/consents')).data;
}


export function useConsent(id: string) {
  const { signedIn, key } = useAppsKey();
  return useQuery({ ...queryOptions({ queryKey: [...key, 'consent', id] as const, queryFn: () => getConsent(id), retry: false }), enabled: signedIn });
}

export function useGrantedApps() {
  const { signedIn, key } = useAppsKey();
  return useQuery({ ...queryOptions({ queryKey: [...key, 'consents'] as const, queryFn: getGrantedApps }), enabled: signedIn });
}

export function useDecideConsent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: 'granted' | 'refused') => decideConsent(id, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPS_QUERY_KEY }),
  });
}

export function useRevokeConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeConsent(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPS_QUERY_KEY }),
  });
}
