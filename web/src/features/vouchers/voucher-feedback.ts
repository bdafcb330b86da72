/**
 * Voucher feedback (commerce §4): 1 success, 2 insufficient, 3 duplicate, 6 pending, 7 not found,
 * anything else an error. The server sends `voucherStatus` in its answer (success or error data);
 * without one the HTTP status says it.
 */
export type VoucherFeedback = 'success' | 'insufficient' | 'duplicate' | 'pending' | 'notFound' | 'error';

const BY_CODE: Record<number, VoucherFeedback> = { 1: 'success', 2: 'insufficient', 3: 'duplicate', 6: 'pending', 7: 'notFound' };

export function voucherFeedback(code: number | null | undefined): VoucherFeedback {
  return (code == null ? undefined : BY_CODE[code]) ?? 'error';
}

const BY_HTTP: Record<number, number> = { 200: 1, 201: 1, 402: 2, 409: 3, 202: 6, 404: 7 };

export function feedbackOfAnswer(answer: { ok: boolean; status: number; data: unknown }): VoucherFeedback {
  const data = answer.data as { voucherStatus?: unknown } | null;
  if (data && typeof data.voucherStatus === 'number') return voucherFeedback(data.voucherStatus);
  return voucherFeedback(BY_HTTP[answer.status] ?? null);
}

/** Codes are read aloud and typed: case, spaces and dashes do not matter (the server normalises too). */
export function normalizeVoucherCode(value: string): string {
  return value.trim().toUpperCase().replace(/\s+/g, '');
}

/** A plausible code: 8 to 64 letters, digits and dashes (80 bits or more in a readable alphabet). */
export const VOUCHER_CODE_PATTERN = /^[A-Z0-9-]{8,64}$/;

/**
 * Why a redemption came to what it did, beyond its status (issue 30: never a false reason): the code
 * lengthened the plan the user holds, another level of the plan's group is held (status 3 "duplicate"
 * as the subscribe flow says, but the code was not used), or the held plan awaits a payment.
 */
export type RedeemReason = 'extended' | 'levelTaken' | 'planPending';

export function redeemReason(answer: { ok: boolean; code?: string | null; data: unknown }): RedeemReason | null {
  if (answer.ok) return (answer.data as { extended?: unknown } | null)?.extended === true ? 'extended' : null;
  if (answer.code === 'NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE' || answer.code === 'NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE') return 'levelTaken';
  if (answer.code === 'SUBSCRIPTION_PAYMENT_PENDING') return 'planPending';
  return null;
}

/** A purchase the card's bank refused says so (issue 30), rather than "try again later". */
export type PurchaseReason = 'declined';

export function purchaseReason(code: string | null | undefined): PurchaseReason | null {
  return code === 'PAYMENT_DECLINED' ? 'declined' : null;
}
