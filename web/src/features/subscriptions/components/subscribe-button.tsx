/**
 * A subscribe entry point for content sold by subscription (details pages): a short line and a
 * Subscribe button running the flow for that content type; hidden while the user holds a plan
 * covering it or no plan of the tenant includes it.
 */
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { useSubscribeFlow } from '../hooks/use-subscribe-flow';
import { useSubscriptionStore } from '../store';
import { usableAmount } from '../subscription-state';

export function SubscribeOffer({ contentType }: { contentType?: string | null }) {
  const { t } = useTranslation();
  const flow = useSubscribeFlow();
  const active = useSubscriptionStore((state) => state.active);
  // Only a plan of this tenant that includes the content type makes the offer true.
  const hasPlans = useSubscriptionStore((state) =>
    state.types.some((type) => !contentType || type.contingents.length === 0 || usableAmount(type.contingents, contentType) !== 0),
  );
  const covered = contentType ? active.some((sub) => sub.contingents.length === 0 || usableAmount(sub.contingents, contentType) !== 0) : active.length > 0;
  if (!hasPlans || covered) return null;
  return (
    <aside className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-primary/40 bg-surface p-4 sm:p-5" data-testid="subscribe-offer">
      <p className="font-semibold">{t('subscription.offer.text')}</p>
      <Button onClick={() => (contentType ? flow.request({ contentType }) : flow.openButton())}>{t('subscription.subscribe')}</Button>
    </aside>
  );
}
