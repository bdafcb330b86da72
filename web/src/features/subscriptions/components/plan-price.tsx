/** A plan's price per cycle, with the regular price struck through and the percent-off tag during a promotion. */
import { useTranslation } from '@/lib/use-translation';
import { usePlanFormat } from '../hooks/use-plan-format';
import type { SubscriptionType } from '../types';

export function PlanPrice({ plan, size = 'large' }: { plan: SubscriptionType; size?: 'large' | 'small' }) {
  const { t } = useTranslation();
  const format = usePlanFormat();
  // DISPLAY_SERVICE_CURRENCY_TEXT_{locale}: the tenant's own currency word replaces the ISO symbol.
  const offer = format.offer(plan, plan.display?.currencyText ?? null);
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1" data-testid="plan-price">
      <span className={`${size === 'large' ? 'text-3xl' : 'text-lg'} font-extrabold tabular-nums`}>{offer.free ? t('subscription.free') : offer.now}</span>
      {!offer.free && <span className="text-sm text-muted">{format.cycle(plan.billingCycle)}</span>}
      {offer.was && (
        <s className="text-sm text-muted tabular-nums" aria-label={t('subscription.wasPrice', { price: offer.was })}>
          {offer.was}
        </s>
      )}
      {offer.tag && <span className="rounded-md bg-accent px-2 py-0.5 text-xs font-bold text-black">{offer.tag}</span>}
    </div>
  );
}
