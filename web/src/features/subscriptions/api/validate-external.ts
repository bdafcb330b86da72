/** POST {backend}/subscription/validate/external {externalProviderCode}: validity 1–4; errors come back as values (commerce §8). */
import { useMutation } from '@tanstack/react-query';
import type { ValidityCode } from '../subscribe-rules';
import { callForResult, type CallResult } from '@/lib/call-result';

export function validateExternalCode(externalProviderCode: string): Promise<CallResult<{ validity: ValidityCode; subscriptionTypeId: number | null }>> {
  return callForResult('POST', '/subscription/validate/external', { body: { externalProviderCode } });
}

export function useValidateExternalCode() {
  return useMutation({ mutationFn: validateExternalCode });
}
