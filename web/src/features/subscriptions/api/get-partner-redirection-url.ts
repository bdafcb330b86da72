/**
 * POST {backend}/partner/getRedirectionUrl: the partner checkout URL. Commerce §5: a 402
 * (INSUFFICIENT_FUNDS, a renewal held) is a normal answer carrying `{url, subscriptionId}`.
 */
import { useMutation } from '@tanstack/react-query';
import { callForResult, type CallResult } from '@/lib/call-result';

export interface PartnerRedirectionRequest {
  userId: string | number;
  userUuid: string;
  subTypeIds: number[];
  partnerName: string;
  externalProviderCode?: string;
  partnerProductCode?: string;
}

export function getPartnerRedirectionUrl(request: PartnerRedirectionRequest): Promise<CallResult<{ url: string; subscriptionId?: number }>> {
  return callForResult('POST', '/partner/getRedirectionUrl', { body: request });
}

export function usePartnerRedirectionUrl() {
  return useMutation({ mutationFn: getPartnerRedirectionUrl });
}
