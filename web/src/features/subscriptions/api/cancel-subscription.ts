/**
 * DELETE {backend}/subscription/{id}?lang&redirectionUrl&cancellationFlow=true. Rethrows failures
 * (commerce §8); a type with a cancelUrl answers `redirectionUrl` and changes nothing.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-schema';
import type { UserSubscription } from '../types';
import { USER_SUBSCRIPTIONS_KEY } from './get-user-subscriptions';

/** DELETE /subscription/{id}: the cancelled subscription and where to go (the plan's cancel page), null when none. */
export type CancelAnswer = Omit<ApiData<'deleteBackendSubscriptionId'>, 'subscription' | 'redirectionUrl'> & Record<'subscription', UserSubscription | null> & Record<'redirectionUrl', string | null>;

export async function cancelSubscription(id: string, lang: string, redirectionUrl: string): Promise<CancelAnswer> {
  const response = await getApiClient().delete<{ data?: CancelAnswer } | undefined>(`/subscription/${id}`, {
    query: { lang, redirectionUrl, cancellationFlow: true },
  });
  return { subscription: response?.data?.subscription ?? null, redirectionUrl: response?.data?.redirectionUrl ?? null };
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, lang, redirectionUrl }: { id: string; lang: string; redirectionUrl: string }) => cancelSubscription(id, lang, redirectionUrl),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USER_SUBSCRIPTIONS_KEY }),
  });
}
