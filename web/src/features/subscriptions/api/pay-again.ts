/**
 * POST {backend}/subscription/payAgain/{id} {redirect, lang}: a subscription held for a failed renewal is paid
 * again (issue 72 item 4). The answer is a checkout of the due period, shaped as POST /subscription's 200: its
 * options are the plan's ways to pay (another card on the secure page, the mobile bill), each run as a new plan's
 * checkout runs them (flow.ts payAgainForPlan); the outcome comes back to `redirect` with the purchase-return
 * parameters.
 */
import type { ApiBody, ApiData } from '@/lib/api-schema';
import { callForResult, type CallResult } from '@/lib/call-result';

export type PayAgainBody = ApiBody<'postBackendSubscriptionPayAgainId'>;
export type PayAgainAnswer = ApiData<'postBackendSubscriptionPayAgainId'>;

export function payAgain(id: string, body: PayAgainBody): Promise<CallResult<PayAgainAnswer>> {
  return callForResult('POST', `/subscription/payAgain/${encodeURIComponent(id)}`, { body });
}
