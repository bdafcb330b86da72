/**
 * The tenant's staff (GET/POST /backend/admin/staff, PUT …/{id}/role and …/{id}/status, DELETE …/{id}/sessions,
 * POST and DELETE …/{id}/invitation; docs/contracts.md "Staff and the audit log").
 */
import type { ApiClient } from '@/lib/api-client';
import type { operations } from '@/lib/api-types';
import type { Data, Envelope } from '@/admin/lib/api';

export type StaffList = Data<'getBackendAdminStaff', 200>;
export type Member = StaffList['items'][number];
export type InviteBody = operations['postBackendAdminStaff']['requestBody']['content']['application/json'];
export type Invited = Data<'postBackendAdminStaff', '2XX'>;
export type Revoked = Data<'deleteBackendAdminStaffIdSessions', '2XX'>;
export type Reinvited = Data<'postBackendAdminStaffIdInvitation', '2XX'>;

const member = (id: string) => `/admin/staff/${encodeURIComponent(id)}`;

export const staffCalls = {
  list: async (api: ApiClient) => (await api.get<Envelope<StaffList>>('/admin/staff')).data.items,
  invite: async (api: ApiClient, body: InviteBody) => (await api.post<Envelope<Invited>>('/admin/staff', body)).data,
  changeRole: async (api: ApiClient, id: string, role: string) => (await api.put<Envelope<Member>>(`${member(id)}/role`, { role })).data,
  revokeSessions: async (api: ApiClient, id: string) => (await api.delete<Envelope<Revoked>>(`${member(id)}/sessions`)).data,
  reinvite: async (api: ApiClient, id: string) => (await api.post<Envelope<Reinvited>>(`${member(id)}/invitation`)).data,
  takeBackInvitation: async (api: ApiClient, id: string) => (await api.delete<Envelope<Member>>(`${member(id)}/invitation`)).data,
  setStatus: async (api: ApiClient, id: string, status: 'active' | 'disabled') => (await api.put<Envelope<Member>>(`${member(id)}/status`, { status })).data,
};
