/** POST /voucher/resend/voucher {voucherRequest{voucherId}}: mails the codes bought of a product again. */
import type { VoucherOrder } from '../types';
import { callAnswer, type Answer } from '@/lib/call-result';

export function resendVoucher(voucherId: number): Promise<Answer<VoucherOrder>> {
  return callAnswer<VoucherOrder>('POST', '/voucher/resend/voucher', { body: { voucherRequest: { voucherId } } });
}
