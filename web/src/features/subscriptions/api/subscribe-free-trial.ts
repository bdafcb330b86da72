/** POST {backend}/subscription/subscribeToFreeTrial {redirect, lang, subscriptionTypeId?}: 201 {subscription, url}. */
import { useMutation } from '@tanstack/react-query';
import type { UserSubscription } from '../types';
import type { ApiBody, ApiData } from '@/lib/api-schema';
import { callForResult, type CallResult } from '@/lib/call-result';

export type FreeTrialBody = ApiBody<'postBackendSubscriptionSubscribeToFreeTrial'>;
/** The trial subscription and where to go. */
export type FreeTrialAnswer = Omit<ApiData<'postBackendSubscriptionSubscribeToFreeTrial'>, 'subscription'> & Record<'subscription', UserSubscription>;

export function subscribeToFreeTrial(body: FreeTrialBody): Promise<CallResult<FreeTrialAnswer>> {
  return callForResult('POST', '/subscription/subscribeToFreeTrial', { body });
}

export function useSubscribeToFreeTrial() {
  return useMutation({ mutationFn: subscribeToFreeTrial });
}
