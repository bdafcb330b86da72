/**
 * POST /cart/checkout {redirectionUrl, lang} with an Idempotency-Key: opens the sandbox checkout
 * for the whole cart; `data.url` is the hosted payment page, which returns with the purchase-return
 * parameters and mails the codes.
 */
import { ApiError, getApiClient } from '@/lib/api-client';
import type { CheckoutOutcome } from '../checkout-outcome';
import type { CheckoutBody, CheckoutStarted } from '../types';

export type { CheckoutOutcome };

export async function checkoutCart(redirectionUrl: string, lang: string, idempotencyKey: string): Promise<CheckoutOutcome> {
  try {
    const response = await getApiClient().post<{ data?: CheckoutStarted }>('/cart/checkout', { redirectionUrl, lang } satisfies CheckoutBody, { headers: { 'Idempotency-Key': idempotencyKey } });
    return { ok: true, url: response.data?.url ?? null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const data = (error.body as { data?: { field?: unknown } } | null)?.data;
    return { ok: false, status: error.status, code: error.code, field: typeof data?.field === 'string' ? data.field : null };
  }
}
