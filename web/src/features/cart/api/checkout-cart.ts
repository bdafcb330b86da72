/**
 * POST /cart/checkout {redirectionUrl, lang} with an Idempotency-Key: opens the sandbox checkout
 * for the whole cart; `data.url` is the hosted payment page, which returns with the purchase-return
 * parameters and mails the codes.
 */
import { ApiError, getApiClient } from '@/lib/api-client';

export type CheckoutAnswer = { ok: true; url: string | null; voucherStatus: number | null } | { ok: false; status: number; code: string | null; field: string | null };

export async function checkoutCart(redirectionUrl: string, lang: string, idempotencyKey: string): Promise<CheckoutAnswer> {
  try {
    const response = await getApiClient().post<{ data?: { url?: string | null; voucherStatus?: number } }>('/cart/checkout', { redirectionUrl, lang }, { headers: { 'Idempotency-Key': idempotencyKey } });
    return { ok: true, url: response.data?.url ?? null, voucherStatus: response.data?.voucherStatus ?? null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const data = (error.body as { data?: { field?: unknown } } | null)?.data;
    return { ok: false, status: error.status, code: error.code, field: typeof data?.field === 'string' ? data.field : null };
  }
}
