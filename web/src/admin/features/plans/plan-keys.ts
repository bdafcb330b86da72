/** The plans' query keys, and the payment accounts' and options' the plans page shows. */
import { adminKeys } from '@/admin/lib/query-keys';

export const planKeys = {
  list: (tenant: string) => [...adminKeys.tenant(tenant), 'plans'] as const,
  detail: (tenant: string, id: number) => [...planKeys.list(tenant), id] as const,
  paymentOptions: (tenant: string) => [...adminKeys.tenant(tenant), 'payment-options'] as const,
  stripeAccount: (tenant: string) => [...adminKeys.tenant(tenant), 'stripe-account'] as const,
  camaraAccount: (tenant: string) => [...adminKeys.tenant(tenant), 'camara-account'] as const,
  /** Everything of the tenant: a payment account or option changes what plans and prices offer. */
  everything: (tenant: string) => adminKeys.tenant(tenant),
};
