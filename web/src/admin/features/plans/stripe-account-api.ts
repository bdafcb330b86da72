/** The calls of the tenant's Stripe account (/backend/admin/payment-providers/stripe, docs/contracts.md "Stripe"). */
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-schema';
import type { Data, Envelope } from '@/admin/lib/api';
import { useConsole } from '@/admin/lib/console-context';
import { planKeys } from './plan-keys';

export type StripeAccount = Data<'getBackendAdminPaymentProvidersStripe', 200>;
export type StripeAccountBody = ApiBody<'putBackendAdminPaymentProvidersStripe'>;

export const stripeAccountCalls = {
  read: async (api: ApiClient) => (await api.get<Envelope<StripeAccount>>('/admin/payment-providers/stripe')).data,
  save: async (api: ApiClient, body: StripeAccountBody) =>
    (await api.put<Envelope<StripeAccount>>('/admin/payment-providers/stripe', body)).data,
  remove: async (api: ApiClient) => (await api.delete<Envelope<StripeAccount>>('/admin/payment-providers/stripe')).data,
};

/** `enabled`: only owners and admins may read it (the server answers 403 to anyone else). */
export function useStripeAccount(enabled = true) {
  const { api, tenant } = useConsole();
  return useQuery({ queryKey: planKeys.stripeAccount(tenant), queryFn: () => stripeAccountCalls.read(api), enabled });
}
