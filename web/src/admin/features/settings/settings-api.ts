/** The tenant's settings (GET/PUT /backend/admin/settings, docs/tenants.md). */
import type { ApiClient } from '@/lib/api-client';
import type { operations } from '@/lib/api-types';
import type { Data, Envelope } from '@/admin/lib/api';

export type Settings = Data<'getBackendAdminSettings', 200>;
export type SettingsBody = operations['putBackendAdminSettings']['requestBody']['content']['application/json'];

/** The tenant's page structures (GET /backend/admin/structures): the header and the footer may show any of them. */
export type StructureNames = Data<'getBackendAdminStructures', 200>;

export const settingsCalls = {
  read: async (api: ApiClient) => (await api.get<Envelope<Settings>>('/admin/settings')).data,
  save: async (api: ApiClient, body: SettingsBody) => (await api.put<Envelope<Settings>>('/admin/settings', body)).data,
  structures: async (api: ApiClient) => (await api.get<Envelope<StructureNames>>('/admin/structures')).data.structures.map((structure) => structure.name),
};
