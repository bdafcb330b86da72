/**
 * POST /purchase/VerifyOneTimePurchasePin {paymentTransactionUuid, articleId, pin, purchaseToken}
 * with an Idempotency-Key: 201 the purchase; 400 INVALID_PIN (data.triesLeft); 402, 202, 490 in
 * the error shape with data.url.
 */
import type { InvalidPinData, VerifiedPurchase } from '../types';
import type { ApiBody } from '@/lib/api-schema';
import { callAnswer, type Answer } from '@/lib/call-result';

export type VerifyPinBody = ApiBody<'postBackendPurchaseVerifyOneTimePurchasePin'>;

/** The answer's data: the purchase, or on 400 INVALID_PIN the tries left. */
export function verifyOneTimePin(body: VerifyPinBody, idempotencyKey: string): Promise<Answer<VerifiedPurchase & Partial<InvalidPinData>>> {
  return callAnswer<VerifiedPurchase & Partial<InvalidPinData>>('POST', '/purchase/VerifyOneTimePurchasePin', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}
