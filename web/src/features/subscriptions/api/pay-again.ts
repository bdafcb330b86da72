/**
 * POST {backend}/subscription/payAgain/{id} {redirect, lang}: a subscription held for a failed renewal is paid
 * again. The answer's `url` is where to continue: the payment provider's page, or `redirect` with the
 * purchase-return parameters of the outcome (the feedback dialog reads them there).
 */
import { useMutation } from '@tanstack/react-query';
import type { ApiBody, ApiData } from '@/lib/api-schema';
import { callForResult, type CallResult } from '@/lib/call-result';

export type PayAgainBody = ApiBody<'postBackendSubscriptionPayAgainId'>;
export type PayAgainAnswer = ApiData<'postBackendSubscriptionPayAgainId'>;

export function payAgain(id: string, body: PayAgainBody): Promise<CallResult<PayAgainAnswer>> {
  return callForResult('POST', `/subscription/payAgain/${encodeURIComponent(id)}`, { body });
}

export function usePayAgain() {
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: PayAgainBody }) => payAgain(id, body) });
}
