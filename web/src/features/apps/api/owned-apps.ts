/**
 * The owner's calls: POST {backend}/apps (register), GET /apps/mine and /apps/mine/{id}, PUT and
 * DELETE /apps/mine/{id}, POST /apps/mine/{id}/secret. Another user's app answers 404.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { AppFields, IssuedApp, OwnedApp } from '../types';
import { APPS_QUERY_KEY, useAppsKey } from './keys';

const mine = (id: string) => `/apps/mine/${encodeURIComponent(id)}`;

export async function registerApp(fields: AppFields): Promise<IssuedApp> {
  return (await getApiClient().post<{ data: IssuedApp }>('/apps', fields)).data;
}
export async function getMyApps(): Promise<OwnedApp[]> {
  return (await getApiClient().get<{ data: OwnedApp[] }>('/apps/mine')).data;
}
export async function getMyApp(id: string): Promise<OwnedApp> {
  return (await getApiClient().get<{ data: OwnedApp }>(mine(id))).data;
}
export async function updateApp(id: string, fields: AppFields): Promise<OwnedApp> {
  return (await getApiClient().put<{ data: OwnedApp }>(mine(id), fields)).data;
}
export async function deleteApp(id: string): Promise<void> {
  await getApiClient().delete(mine(id));
}
export async function rotateSecret(id: string): Promise<IssuedApp> {
  return (await getApiClient().post<{ data: IssuedApp }>(`${mine(id)}/secret`)).data;
}


export function useMyApps() {
  const { signedIn, key } = useAppsKey();
  return useQuery({ ...queryOptions({ queryKey: [...key, 'mine'] as const, queryFn: getMyApps }), enabled: signedIn });
}

export function useMyApp(id: string) {
  const { signedIn, key } = useAppsKey();
  return useQuery({ ...queryOptions({ queryKey: [...key, 'mine', id] as const, queryFn: () => getMyApp(id), retry: false }), enabled: signedIn });
}

function useAppsMutation<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: APPS_QUERY_KEY }) });
}

export const useRegisterApp = () => useAppsMutation(registerApp);
export const useUpdateApp = (id: string) => useAppsMutation((fields: AppFields) => updateApp(id, fields));
export const useDeleteApp = (id: string) => useAppsMutation(() => deleteApp(id));
export const useRotateSecret = (id: string) => useAppsMutation(() => rotateSecret(id));
