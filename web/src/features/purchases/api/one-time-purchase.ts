/**
 * POST /subscription/oneTimePurchase {paymentOptionUUID, redirectionUrl, msisdn?} with an
 * Idempotency-Key: an operator option with a number answers the PIN step; 400 INVALID_MSISDN.
 */
import type { PinStep } from '../types';
import { callAnswer, type Answer } from '@/lib/call-result';

export interface OneTimePurchaseBody {
  paymentOptionUUID: string;
  redirectionUrl: string;
  msisdn?: string;
}

export function oneTimePurchase(body: OneTimePurchaseBody, idempotencyKey: string): Promise<Answer<PinStep & { url?: string }>> {
  return callAnswer<PinStep & { url?: string }>('POST', '/subscription/oneTimePurchase', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}
