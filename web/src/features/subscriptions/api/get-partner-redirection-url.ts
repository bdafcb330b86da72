/**
 * POST {backend}/partner/getRedirectionUrl: the partner checkout URL. Commerce §5: a 402
 * (INSUFFICIENT_FUNDS, a renewal held) is a normal answer carrying `{url, subscriptionId}`.
 */
import { useMutation } from '@tanstack/react-query';
import type { ApiBody, ApiData } from '@/lib/api-schema';
import { callForResult, type CallResult } from '@/lib/call-result';

/**
 * The body also carries the user and partner names docs/contracts.md lists (userId, userUuid,
 * partnerName, partnerProductCode); the server takes the user from the bearer and its document does
 * not name them.
 */
export type PartnerRedirectionRequest = ApiBody<'postBackendPartnerGetRedirectionUrl'> & {
  userId: string | number;
  userUuid: string;
  partnerName: string;
  partnerProductCode?: string;
};

/** Where to go (200), or the pending or unpaid subscription (202, and 402's data with its url). */
export function getPartnerRedirectionUrl(request: PartnerRedirectionRequest): Promise<CallResult<ApiData<'postBackendPartnerGetRedirectionUrl'>>> {
  return callForResult('POST', '/partner/getRedirectionUrl', { body: request });
}

export function usePartnerRedirectionUrl() {
  return useMutation({ mutationFn: getPartnerRedirectionUrl });
}
