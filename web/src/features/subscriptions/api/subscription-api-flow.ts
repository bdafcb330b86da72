/**
 * POST {backend}/subscription/api {paymentOptionUUID, body}: one step of an API payment flow
 * (operator MSISDN → PIN → charge; a saved card with `{}`), with an Idempotency-Key. A 401 comes back
 * as a value (commerce §4: it opens login and closes the payment options dialog).
 */
import { useMutation } from '@tanstack/react-query';
import type { UserSubscription } from '../types';
import { callForResult, type CallResult } from '@/lib/call-result';

export interface ApiFlowData {
  nextApiFlowStep?: 'PIN' | 'MSISDN' | null;
  message?: string;
  sandboxPin?: string;
  status?: number;
  url?: string;
  subscription?: UserSubscription;
  triesLeft?: number;
}

export type ApiFlowBody = { msisdn: string } | { pin: string } | Record<string, never>;

export function subscriptionApiFlow(paymentOptionUUID: string, body: ApiFlowBody, idempotencyKey: string): Promise<CallResult<ApiFlowData>> {
  return callForResult<ApiFlowData>('POST', '/subscription/api', {
    body: { paymentOptionUUID, body },
    headers: { 'Idempotency-Key': idempotencyKey },
    ownUnauthorized: true,
  });
}

export function useSubscriptionApiFlow() {
  return useMutation({
    mutationFn: ({ uuid, body, key }: { uuid: string; body: ApiFlowBody; key: string }) => subscriptionApiFlow(uuid, body, key),
  });
}
