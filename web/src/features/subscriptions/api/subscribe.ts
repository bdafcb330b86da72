/**
 * POST {backend}/subscription with an Idempotency-Key (one per user click). Commerce §5: 200, 201
 * and 202 are success; 404 REQUIRED_IDENTITY_FIELD_NOT_FOUND is a normal answer; every other
 * status comes back as a value for the result mapping.
 */
import { useMutation } from '@tanstack/react-query';
import type { CheckoutAnswer, IdentityFieldsData, SubscribedAnswer } from '../types';
import type { ApiBody } from '@/lib/api-schema';
import { callForResult, type CallResult } from '@/lib/call-result';

export type SubscribeBody = ApiBody<'postBackendSubscription'>;

/** 200: an open checkout; 201/202: `{subscription}`; errors: the error's data. */
export type SubscribeData = Partial<CheckoutAnswer & SubscribedAnswer & IdentityFieldsData>;

export function subscribe(body: SubscribeBody, idempotencyKey: string): Promise<CallResult<SubscribeData>> {
  return callForResult<SubscribeData>('POST', '/subscription', { body, headers: { 'Idempotency-Key': idempotencyKey } }).then((result) => {
    // A created subscription (free plan, automatic subscription) is a 201.
    if (result.status === 200 && result.data?.subscription && !result.data.purchaseID) {
      const sub = result.data.subscription;
      return { ...result, status: sub.state === 'REQUESTED' || sub.subState === 'PENDING' ? 202 : 201 };
    }
    return result;
  });
}

export function useSubscribe() {
  return useMutation({ mutationFn: ({ body, key }: { body: SubscribeBody; key: string }) => subscribe(body, key) });
}
