/** POST /subscription/oneTimePaymentOptions {redirectionUrl, lang, transactionId}: how the single purchase may be paid. */
import type { OneTimePaymentOptions } from '../types';
import type { ApiBody } from '@/lib/api-schema';
import { callAnswer, type Answer } from '@/lib/call-result';

export type OneTimePaymentOptionsBody = ApiBody<'postBackendSubscriptionOneTimePaymentOptions'>;

export function getOneTimePaymentOptions(body: OneTimePaymentOptionsBody): Promise<Answer<OneTimePaymentOptions>> {
  return callAnswer<OneTimePaymentOptions>('POST', '/subscription/oneTimePaymentOptions', { body });
}
