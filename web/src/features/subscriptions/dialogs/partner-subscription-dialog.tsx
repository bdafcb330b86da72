/**
 * Dialog 'partner-subscription' (partner tenants, features.isPartner): a partner code is checked
 * (POST /subscription/validate/external, validity 1 valid, 2 invalid, 3 expired, 4 pending); a valid
 * code continues at the partner checkout for its plan (POST /partner/getRedirectionUrl, whose 402
 * answer also carries the address to go to).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { ApiData } from '@/lib/api-schema';
import { usePortalStore } from '@/lib/store';
import { getPartnerRedirectionUrl } from '../api/get-partner-redirection-url';
import { validateExternalCode } from '../api/validate-external';
import { DialogActions, SubscriptionDialog } from '../components/subscription-dialog';
import { navigateTo } from '../flow';
import { ValidityCode } from '../subscribe-rules';

const MESSAGES = {
  [ValidityCode.INVALID]: 'subscription.partner.invalid',
  [ValidityCode.EXPIRED]: 'subscription.partner.expired',
  [ValidityCode.PENDING]: 'subscription.partner.pending',
} as const;

function PartnerForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tenant = usePortalStore((state) => state.tenant);
  const userUuid = usePortalStore((state) => state.userUuid);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) return setError('validation.required');
    setBusy(true);
    setError(null);
    try {
      const checked = await validateExternalCode(value);
      const validity = checked.data?.validity ?? ValidityCode.INVALID;
      const typeId = checked.data?.subscriptionTypeId ?? null;
      if (checked.status !== 200 || validity !== ValidityCode.VALID || typeId === null) {
        setError(validity === ValidityCode.VALID ? 'subscription.partner.invalid' : MESSAGES[validity]);
        return;
      }
      const profile = queryClient.getQueryData<Pick<ApiData<'getBackendUserProfile'>, 'userId'>>(['user', 'profile']);
      const answer = await getPartnerRedirectionUrl({
        userId: profile?.userId ?? '',
        userUuid: userUuid ?? '',
        subTypeIds: [typeId],
        partnerName: tenant,
        externalProviderCode: value,
        partnerProductCode: String(typeId),
      });
      if ((answer.status === 200 || answer.status === 402) && answer.data?.url) navigateTo(answer.data.url);
      else setError('subscription.apiFlow.failed');
    } catch (failure) {
      console.error('Partner code check failed', failure);
      setError('subscription.apiFlow.failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="flex flex-col gap-2" onSubmit={(event) => void submit(event)} noValidate>
      <TextField label={t('subscription.partner.codeLabel')} name="partnerCode" autoComplete="off" value={code} onChange={(event) => setCode(event.target.value)} error={error ?? undefined} />
      <DialogActions>
        <Button type="submit" disabled={busy}>
          {busy ? t('subscription.loading') : t('subscription.partner.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}

export function PartnerSubscriptionDialog() {
  const { t } = useTranslation();
  return (
    <SubscriptionDialog name="partner-subscription" title={t('subscription.partner.title')} description={t('subscription.partner.description')}>
      <PartnerForm />
    </SubscriptionDialog>
  );
}
