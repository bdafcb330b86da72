/** The tenant's settings (GET/PUT /backend/admin/settings, docs/tenants.md). */
import type { ApiClient } from '@/lib/api-client';
import type { operations } from '@/lib/api-types';
import type { Data, Envelope } from '@/admin/lib/api';

export type Settings = Data<'getBackendAdminSettings', 200>;
export type SettingsBody = operations['putBackendAdminSettings']['requestBody']['content']['application/json'];

export const settingsCalls = {
  read: async (api: ApiClient) => (await api.get<Envelope<Settings>>('/admin/settings')).data,
  save: async (api: ApiClient, body: SettingsBody) => (await api.put<Envelope<Settings>>('/admin/settings', body)).data,
};
