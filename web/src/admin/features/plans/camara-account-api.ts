/** The calls of the tenant's CAMARA operator (/backend/admin/payment-providers/camara, docs/operations.md "A tenant's CAMARA operator"). */
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-schema';
import type { Data, Envelope } from '@/admin/lib/api';
import { useConsole } from '@/admin/lib/console-context';
import { planKeys } from './plan-keys';

export type CamaraAccount = Data<'getBackendAdminPaymentProvidersCamara', 200>;
export type CamaraAccountBody = ApiBody<'putBackendAdminPaymentProvidersCamara'>;

export const camaraAccountCalls = {
  read: async (api: ApiClient) => (await api.get<Envelope<CamaraAccount>>('/admin/payment-providers/camara')).data,
  save: async (api: ApiClient, body: CamaraAccountBody) =>
    (await api.put<Envelope<CamaraAccount>>('/admin/payment-providers/camara', body)).data,
  remove: async (api: ApiClient) => (await api.delete<Envelope<CamaraAccount>>('/admin/payment-providers/camara')).data,
};

/** `enabled`: only owners and admins may read it (the server answers 403 to anyone else). */
export function useCamaraAccount(enabled = true) {
  const { api, tenant } = useConsole();
  return useQuery({ queryKey: planKeys.camaraAccount(tenant), queryFn: () => camaraAccountCalls.read(api), enabled });
}
