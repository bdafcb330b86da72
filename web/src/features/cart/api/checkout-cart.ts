/**
 * POST /cart/checkout {redirectionUrl, lang} with an Idempotency-Key: opens the sandbox checkout
 * for the whole cart; `data.url` is the hosted payment page, which returns with the purchase-return
 * parameters and mails the codes.
 */
import { ApiError, getApiClient } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schema';
import type { CheckoutOutcome, Shortage } from '../checkout-outcome';
import type { CheckoutBody, CheckoutStarted } from '../types';

export type { CheckoutOutcome, Shortage };

/**
 * The code of the checkout's 409 when the cart holds more of a product than is left (the vouchers
 * domain's refusal, which the cart passes on). Its data is the document's NotEnoughAvailableData
 * (`{productId, availableNo, voucherStatus}`, docs/contracts.md "Vouchers and cart"); the code itself
 * is listed under the operation's `x-error-codes`, which the generated types do not carry.
 */
export const NOT_ENOUGH_AVAILABLE = 'NOT_ENOUGH_AVAILABLE';

type NotEnoughAvailableData = ApiSchema<'NotEnoughAvailableData'>;

const wholeNumber = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);

/** The product and what is left, from a NOT_ENOUGH_AVAILABLE answer's data (checked: an answer is untrusted until read). */
function shortageOf(body: unknown): Shortage {
  const data = (body as Partial<ApiSchema<'Error'>> | null)?.data;
  const fields: Partial<Record<keyof NotEnoughAvailableData, unknown>> = typeof data === 'object' && data !== null ? data : {};
  return { productId: wholeNumber(fields.productId), availableNo: wholeNumber(fields.availableNo) };
}

export async function checkoutCart(redirectionUrl: string, lang: string, idempotencyKey: string): Promise<CheckoutOutcome> {
  try {
    const response = await getApiClient().post<{ data?: CheckoutStarted }>('/cart/checkout', { redirectionUrl, lang } satisfies CheckoutBody, { headers: { 'Idempotency-Key': idempotencyKey } });
    return { ok: true, url: response.data?.url ?? null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, status: error.status, code: error.code, shortage: error.code === NOT_ENOUGH_AVAILABLE ? shortageOf(error.body) : null };
  }
}
