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
