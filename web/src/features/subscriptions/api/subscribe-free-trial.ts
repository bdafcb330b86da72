/** POST {backend}/subscription/subscribeToFreeTrial {redirect, lang, subscriptionTypeId?}: 201 {subscription, url}. */
import { useMutation } from '@tanstack/react-query';
import type { UserSubscription } from '../types';
import { callForResult, type CallResult } from '@/lib/call-result';

export function subscribeToFreeTrial(body: { redirect: string; lang: string; subscriptionTypeId?: number }): Promise<CallResult<{ subscription: UserSubscription; url: string }>> {
  return callForResult('POST', '/subscription/subscribeToFreeTrial', { body });
}

export function useSubscribeToFreeTrial() {
  return useMutation({ mutationFn: subscribeToFreeTrial });
}
