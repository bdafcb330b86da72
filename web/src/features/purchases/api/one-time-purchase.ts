/**
 * POST /subscription/oneTimePurchase {paymentOptionUUID, redirectionUrl, msisdn?} with an
 * Idempotency-Key: an operator option with a number answers the PIN step; 400 INVALID_MSISDN.
 */
import type { PurchaseStep } from '../types';
import type { ApiBody } from '@/lib/api-schema';
import { callAnswer, type Answer } from '@/lib/call-result';

export type OneTimePurchaseBody = ApiBody<'postBackendSubscriptionOneTimePurchase'>;

export function oneTimePurchase(body: OneTimePurchaseBody, idempotencyKey: string): Promise<Answer<PurchaseStep>> {
  return callAnswer<PurchaseStep>('POST', '/subscription/oneTimePurchase', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}
