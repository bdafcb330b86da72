/** The tenant's card after the plans (custom-plan.ts), in the plan cards' look; its button opens the tenant's link. */
import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { buttonClass } from '@/components/ui/button-class';
import { SmartLink } from '@/components/ui/smart-link';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { customPlanOf } from '../custom-plan';

export function CustomPlanCard() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const configs = usePortalStore((state) => state.configs);
  const titleId = useId();
  const plan = customPlanOf(configs, lang);
  if (!plan) return null;
  return (
    // Its own section after the plans' groups, as wide as one plan card.
    <section aria-labelledby={titleId} className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
      <article data-testid="custom-plan" className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 sm:p-6">
        <h2 id={titleId} className="text-xl font-bold">
          {plan.title}
        </h2>
        {plan.text && <p className="text-sm text-muted">{plan.text}</p>}
        {plan.href && (
          <div className="mt-auto flex flex-col gap-2 pt-2">
            <SmartLink href={plan.href} className={buttonClass('primary', 'w-full')}>
              {plan.button || t('subscription.customPlan.contact')}
            </SmartLink>
          </div>
        )}
      </article>
    </section>
  );
}
