/** POST /subscription/oneTimePaymentOptions {redirectionUrl, lang, transactionId}: how the single purchase may be paid. */
import type { OneTimePaymentOptions } from '../types';
import { callAnswer, type Answer } from '@/lib/call-result';

export interface OneTimePaymentOptionsBody {
  redirectionUrl: string;
  lang: string;
  transactionId: string;
}

export function getOneTimePaymentOptions(body: OneTimePaymentOptionsBody): Promise<Answer<OneTimePaymentOptions>> {
  return callAnswer<OneTimePaymentOptions>('POST', '/subscription/oneTimePaymentOptions', { body });
}
