/**
 * POST /purchase/VerifyOneTimePurchasePin {paymentTransactionUuid, articleId, pin, purchaseToken}
 * with an Idempotency-Key: 201 the purchase; 400 INVALID_PIN (data.triesLeft); 402, 202, 490 in
 * the error shape with data.url.
 */
import type { VerifiedPurchase } from '../types';
import { callAnswer, type Answer } from '@/lib/call-result';

export interface VerifyPinBody {
  paymentTransactionUuid: string;
  articleId: number;
  pin: string;
  purchaseToken: string;
}

export function verifyOneTimePin(body: VerifyPinBody, idempotencyKey: string): Promise<Answer<VerifiedPurchase & { triesLeft?: number }>> {
  return callAnswer<VerifiedPurchase & { triesLeft?: number }>('POST', '/purchase/VerifyOneTimePurchasePin', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}
