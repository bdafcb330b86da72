/**
 * POST {backend}/subscription/api/{type} {paymentOptionUUID?, redirectionUrl, body}: starts the
 * checkout for a type (or `any` for an upgrade with body.subscriptionTypeId), then continues as the
 * API flow. Idempotency-Key per click.
 */
import { useMutation } from '@tanstack/react-query';
import { callForResult, type CallResult } from '@/lib/call-result';
import type { ApiFlowData } from './subscription-api-flow';

export interface ApiFlowTypeRequest {
  type: number | 'any';
  paymentOptionUUID?: string;
  redirectionUrl: string;
  body: Record<string, unknown>;
}

export function subscriptionApiFlowForType(request: ApiFlowTypeRequest, idempotencyKey: string): Promise<CallResult<ApiFlowData>> {
  const { type, ...body } = request;
  return callForResult<ApiFlowData>('POST', `/subscription/api/${encodeURIComponent(String(type))}`, {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    ownUnauthorized: true,
  });
}

export function useSubscriptionApiFlowForType() {
  return useMutation({ mutationFn: ({ request, key }: { request: ApiFlowTypeRequest; key: string }) => subscriptionApiFlowForType(request, key) });
}
