/**
 * POST {backend}/subscription/api {paymentOptionUUID, body}: one step of an API payment flow
 * (operator MSISDN → PIN → charge; a saved card with `{}`), with an Idempotency-Key. A 401 comes back
 * as a value (commerce §4: it opens login and closes the payment options dialog).
 */
import { useMutation } from '@tanstack/react-query';
import type { ApiFlowStep, InvalidPinData } from '../types';
import type { ApiBody } from '@/lib/api-schema';
import { callForResult, type CallResult } from '@/lib/call-result';

/** A step's answer, or on 400 INVALID_PIN the tries left. */
export type ApiFlowData = ApiFlowStep & Partial<InvalidPinData>;

type WireFlowBody = NonNullable<ApiBody<'postBackendSubscriptionApi'>['body']>;
/** The number to charge, the PIN it was sent, or nothing (the first step). */
export type ApiFlowBody = Required<Pick<WireFlowBody, 'msisdn'>> | Required<Pick<WireFlowBody, 'pin'>> | Record<string, never>;

export function subscriptionApiFlow(paymentOptionUUID: string, body: ApiFlowBody, idempotencyKey: string): Promise<CallResult<ApiFlowData>> {
  const request: ApiBody<'postBackendSubscriptionApi'> = { paymentOptionUUID, body };
  return callForResult<ApiFlowData>('POST', '/subscription/api', {
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
    ownUnauthorized: true,
  });
}

export function useSubscriptionApiFlow() {
  return useMutation({
    mutationFn: ({ uuid, body, key }: { uuid: string; body: ApiFlowBody; key: string }) => subscriptionApiFlow(uuid, body, key),
  });
}
