/**
 * POST /voucher/consumption/voucher {externalProviderCode, voucherRequest{voucherId, quantity}}
 * with an Idempotency-Key: buys voucher products; their codes arrive by mail.
 */
import type { VoucherOrder } from '../types';
import { callAnswer, type Answer } from '@/lib/call-result';

export function buyVoucher(voucherId: number, quantity: number, externalProviderCode: string, idempotencyKey: string): Promise<Answer<VoucherOrder>> {
  return callAnswer<VoucherOrder>('POST', '/voucher/consumption/voucher', {
    body: { externalProviderCode, voucherRequest: { voucherId, quantity } },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
