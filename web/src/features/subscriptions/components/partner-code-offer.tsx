/** On partner tenants (features.isPartner): "Have a partner code?" opening the partner-subscription dialog. */
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { openDialog } from '@/lib/dialogs';
import { usePortalStore } from '@/lib/store';
import type { StartPlanFlow } from '../hooks/use-subscribe-options';

export function PartnerCodeOffer({ start }: { start: StartPlanFlow }) {
  const { t } = useTranslation();
  const partner = usePortalStore((state) => state.configs.features?.isPartner === true);
  const signedIn = usePortalStore((state) => state.role === 'user');
  if (!partner) return null;
  return (
    <aside className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-border bg-surface p-5" data-testid="partner-code-offer">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-bold">{t('subscription.partner.offerTitle')}</h2>
        <p className="text-sm text-muted">{t('subscription.partner.offerText')}</p>
      </div>
      <Button variant="secondary" onClick={() => (signedIn ? openDialog('partner-subscription') : start((flows) => flows.requestLogin()))}>
        {t('subscription.partner.open')}
      </Button>
    </aside>
  );
}
