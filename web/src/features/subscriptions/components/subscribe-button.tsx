/**
 * A subscribe entry point for content sold by subscription (details pages) and the subscribe button
 * of list and search pages: a short line and a Subscribe button; hidden while the user holds a plan
 * covering the content type (any plan without one) or no plan of the tenant includes it. The press
 * is the caller's (`onSubscribe`: the subscribe flow, use-subscribe-flow.ts), so that a page can
 * show the offer before the flow's code is loaded; `onPrefetch` may start that download.
 */
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { useSubscriptionStore } from '../store';
import { usableAmount } from '../subscription-summary';

interface SubscribeOfferProps {
  contentType?: string | null;
  onSubscribe: () => void;
  onPrefetch?: () => void;
}

export function SubscribeOffer({ contentType, onSubscribe, onPrefetch }: SubscribeOfferProps) {
  const { t } = useTranslation();
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
      <Button onClick={onSubscribe} onPointerEnter={onPrefetch} onFocus={onPrefetch}>
        {t('subscription.subscribe')}
      </Button>
    </aside>
  );
}
