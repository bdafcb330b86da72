/**
 * Webhooks out (issue 78 item 1; GET/POST /backend/admin/webhooks/endpoints, PUT and DELETE …/{id}, POST …/{id}/rotate,
 * GET …/{id}/deliveries, POST /backend/admin/webhooks/deliveries/{id}/resend): an owner's endpoints, each event it
 * wants signed per the Standard Webhooks specification, and every delivery with its attempts.
 */
import type { ApiClient } from '@/lib/api-client';
import type { operations } from '@/lib/api-types';
import type { Data, Envelope } from '@/admin/lib/api';

export type EndpointList = Data<'getBackendAdminWebhooksEndpoints', 200>;
export type Endpoint = EndpointList['items'][number];
export type EndpointBody = operations['postBackendAdminWebhooksEndpoints']['requestBody']['content']['application/json'];
export type IssuedSecret = Data<'postBackendAdminWebhooksEndpoints', '2XX'>;
export type DeliveryList = Data<'getBackendAdminWebhooksEndpointsIdDeliveries', 200>;
export type Delivery = DeliveryList['items'][number];

const endpoint = (id: string) => `/admin/webhooks/endpoints/${encodeURIComponent(id)}`;

export const webhookCalls = {
  list: async (api: ApiClient) => (await api.get<Envelope<EndpointList>>('/admin/webhooks/endpoints')).data,
  create: async (api: ApiClient, body: EndpointBody) => (await api.post<Envelope<IssuedSecret>>('/admin/webhooks/endpoints', body)).data,
  update: async (api: ApiClient, id: string, body: EndpointBody) => (await api.put<Envelope<Endpoint>>(endpoint(id), body)).data,
  remove: async (api: ApiClient, id: string) => (await api.delete<Envelope<unknown>>(endpoint(id))).data,
  rotate: async (api: ApiClient, id: string) => (await api.post<Envelope<IssuedSecret>>(`${endpoint(id)}/rotate`)).data,
  deliveries: async (api: ApiClient, id: string) => (await api.get<Envelope<DeliveryList>>(`${endpoint(id)}/deliveries`)).data.items,
  resend: async (api: ApiClient, deliveryId: string) =>
    (await api.post<Envelope<DeliveryList>>(`/admin/webhooks/deliveries/${encodeURIComponent(deliveryId)}/resend`)).data.items,
};

/** The body of an edit that changes only what is given. */
export function bodyOf(e: Endpoint, change: Partial<EndpointBody> = {}): EndpointBody {
  return { url: e.url, description: e.description, events: e.events, enabled: e.enabled, allowPrivate: e.allowPrivate, ...change };
}
