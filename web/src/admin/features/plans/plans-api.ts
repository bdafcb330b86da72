/** The plans' calls (GET/POST /backend/admin/plans, GET/PUT …/{id}, its copy, price change and retirement). */
import type { ApiClient } from '@/lib/api-client';
import type { operations } from '@/lib/api-types';
import type { Data, Envelope } from '@/admin/lib/api';
import type { BulkJob } from '@/admin/lib/bulk-job';

export type AdminPlans = Data<'getBackendAdminPlans', 200>;
export type AdminPlan = Data<'getBackendAdminPlansId', 200>;
export type AdminPlanBody = operations['putBackendAdminPlansId']['requestBody']['content']['application/json'];
export type PlanPriceBody = operations['postBackendAdminPlansIdPrice']['requestBody']['content']['application/json'];
export type PlanPriceChanged = Data<'postBackendAdminPlansIdPrice', '2XX'>;
export type PlanRetireBody = operations['postBackendAdminPlansIdRetire']['requestBody']['content']['application/json'];
/** POST /admin/plans/bulk: retire many plans (issue 78 item 3). */
export type PlansBulkBody = operations['postBackendAdminPlansBulk']['requestBody']['content']['application/json'];

export const planCalls = {
  list: async (api: ApiClient) => (await api.get<Envelope<AdminPlans>>('/admin/plans')).data,
  read: async (api: ApiClient, id: number) => (await api.get<Envelope<AdminPlan>>(`/admin/plans/${id}`)).data,
  save: async (api: ApiClient, id: number, body: AdminPlanBody) => (await api.put<Envelope<AdminPlan>>(`/admin/plans/${id}`, body)).data,
  create: async (api: ApiClient, body: AdminPlanBody) => (await api.post<Envelope<AdminPlan>>('/admin/plans', body)).data,
  duplicate: async (api: ApiClient, id: number) => (await api.post<Envelope<AdminPlan>>(`/admin/plans/${id}/duplicate`, {})).data,
  changePrice: async (api: ApiClient, id: number, body: PlanPriceBody) => (await api.post<Envelope<PlanPriceChanged>>(`/admin/plans/${id}/price`, body)).data,
  bulk: async (api: ApiClient, body: PlansBulkBody, key: string) =>
    (await api.post<Envelope<BulkJob>>('/admin/plans/bulk', body, { headers: { 'Idempotency-Key': key } })).data,
  bulkJob: async (api: ApiClient, id: string) => (await api.get<Envelope<BulkJob>>(`/admin/plans/bulk/jobs/${encodeURIComponent(id)}`)).data,
  retire: async (api: ApiClient, id: number, body: PlanRetireBody) => (await api.post<Envelope<AdminPlan>>(`/admin/plans/${id}/retire`, body)).data,
};
