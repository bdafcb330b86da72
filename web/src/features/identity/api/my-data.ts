/**
 * GET {backend}/user/data: the signed-in customer's data as one JSON document (profile, subscriptions
 * with their events, payments, purchases, wallet, history, likes, ratings, notifications, tickets,
 * teams, consents, devices, sessions), saved as a file. POST {backend}/user/data/delete
 * {currentPassword}: deletes the account (400 names currentPassword, 403 CURRENT_PASSWORD_WRONG or
 * FRESH_SIGN_IN_REQUIRED, 429 after repeated failures); every session ends with it.
 */
import { useMutation } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { ApiBody, ApiData } from '@/lib/api-schema';
import type { operations } from '@/lib/api-types';

export type DataExport = operations['getBackendUserData']['responses'][200]['content']['application/json'];
export type AccountDeleted = ApiData<'postBackendUserDataDelete'>;
export type DeleteAccountBody = ApiBody<'postBackendUserDataDelete'>;

export async function getMyData(): Promise<DataExport> {
  return getApiClient().get<DataExport>('/user/data');
}

/** Hands the document to the browser as a download named after the tenant and the day. */
export function saveJsonFile(document: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  window.document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

export async function downloadMyData(): Promise<DataExport> {
  const document = await getMyData();
  saveJsonFile(document, `my-data-${document.tenant}-${document.exportedAt.slice(0, 10)}.json`);
  return document;
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

export async function deleteAccount(body: DeleteAccountBody): Promise<AccountDeleted> {
  const response = await getApiClient().post<{ data: AccountDeleted }>('/user/data/delete', body);
  return response.data;
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
