/** POST /voucher/consumption/subscription {voucherCode, typeId}: redeems a code for the plan it grants (no payment). */
import type { RedeemResult } from '../types';
import { callAnswer, newIdempotencyKey, type Answer } from '@/lib/call-result';

export function redeemVoucher(voucherCode: string, typeId: number | null): Promise<Answer<RedeemResult>> {
  return callAnswer<RedeemResult>('POST', '/voucher/consumption/subscription', {
    body: { voucherCode, ...(typeId !== null ? { typeId } : {}) },
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });
}
