/** The calls of the payment options (/backend/admin/payment-options, docs/contracts.md "Payment options"). */
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-schema';
import type { Data, Envelope } from '@/admin/lib/api';
import { useConsole } from '@/admin/lib/console-context';
import { planKeys } from './plan-keys';

export type PaymentOptions = Data<'getBackendAdminPaymentOptions', 200>;
export type PaymentOption = PaymentOptions['options'][number];
export type PaymentOptionBody = ApiBody<'putBackendAdminPaymentOptionsCode'>;

export const paymentOptionCalls = {
  list: async (api: ApiClient) => (await api.get<Envelope<PaymentOptions>>('/admin/payment-options')).data,
  save: async (api: ApiClient, code: string, body: PaymentOptionBody) =>
    (await api.put<Envelope<PaymentOption>>(`/admin/payment-options/${encodeURIComponent(code)}`, body)).data,
  remove: async (api: ApiClient, code: string) => (await api.delete<Envelope<PaymentOption>>(`/admin/payment-options/${encodeURIComponent(code)}`)).data,
};

export function usePaymentOptions() {
  const { api, tenant } = useConsole();
  return useQuery({ queryKey: planKeys.paymentOptions(tenant), queryFn: () => paymentOptionCalls.list(api) });
}
