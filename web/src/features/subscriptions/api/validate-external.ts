/** POST {backend}/subscription/validate/external {externalProviderCode}: validity 1–4; errors come back as values (commerce §8). */
import { useMutation } from '@tanstack/react-query';
import type { ValidityCode } from '../subscribe-rules';
import type { ApiBody, ApiData } from '@/lib/api-schema';
import { callForResult, type CallResult } from '@/lib/call-result';

/**
 * The code's validity (the document gives a number; the server sends one of ValidityCode) and the
 * plan it is for (always sent, null when none).
 */
export type ExternalCodeCheck = Omit<ApiData<'postBackendSubscriptionValidateExternal'>, 'validity' | 'subscriptionTypeId'> & { validity: ValidityCode } & Record<'subscriptionTypeId', number | null>;

export function validateExternalCode(externalProviderCode: string): Promise<CallResult<ExternalCodeCheck>> {
  const body: ApiBody<'postBackendSubscriptionValidateExternal'> = { externalProviderCode };
  return callForResult('POST', '/subscription/validate/external', { body });
}

export function useValidateExternalCode() {
  return useMutation({ mutationFn: validateExternalCode });
}
