/**
 * The /subscription page body: plans grouped by ment_category (each group a section with an anchor),
 * a best-value badge, promotion tags, trial texts, bullets, and actions for the user's state; then the tenant's
 * own card for what no plan offers. It shows without the commerce runtime (issue 77 item 6): it loads the plans itself,
 * and its buttons start their flows through the runtime on the press (`start`, the app's `withCommerce`).
 */
import { useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { openDialog } from '@/lib/dialogs';
import { usePortalStore } from '@/lib/store';
import { useLocalizePath } from '@/lib/use-language';
import { useCategoryName } from '../hooks/use-category-name';
import { useSubscribeOptions, type StartPlanFlow } from '../hooks/use-subscribe-options';
import { useSyncSubscriptionTypes } from '../hooks/use-sync-subscription-types';
import { groupByCategory } from '../plan-attributes';
import { useSubscriptionStore } from '../store';
import { CustomPlanCard } from './custom-plan-card';
import { PartnerCodeOffer } from './partner-code-offer';
import { PlanCard } from './plan-card';

const ENDED_NOTICE_KEY = 'portal:end-of-subscription-shown';

export function SubscriptionPlans({ start }: { start: StartPlanFlow }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const categoryName = useCategoryName();
  const types = useSubscriptionStore((state) => state.types);
  const loaded = useSubscriptionStore((state) => state.typesLoaded);
  const busy = useSubscriptionStore((state) => state.flow.busy);
  const expired = useSubscriptionStore((state) => state.expiredWithoutActive);
  const signedIn = usePortalStore((state) => state.role === 'user');
  const options = useSubscribeOptions();
  // The runtime's store sync loads them too once it is there (a signed-in user's); one query for both.
  useSyncSubscriptionTypes();
  const groups = groupByCategory(types);

  useEffect(() => {
    // Plain end-of-subscription dialog: once per session for a user whose plans all ended.
    if (!expired) return;
    try {
      if (sessionStorage.getItem(ENDED_NOTICE_KEY)) return;
      sessionStorage.setItem(ENDED_NOTICE_KEY, '1');
    } catch {
      return;
    }
    openDialog('end-of-subscription');
  }, [expired]);

  if (!loaded) {
    return (
      <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-96 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (groups.length === 0) {
    return (
      <div className="flex flex-col gap-10">
        <p className="text-muted">{t('subscription.page.empty')}</p>
        <CustomPlanCard />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-10">
      {signedIn && (
        <Link to={localize('/profile/manage')} className="self-start text-sm font-semibold text-primary hover:underline">
          {t('subscription.page.manage')}
        </Link>
      )}
      <PartnerCodeOffer start={start} />
      {groups.map(({ category, plans }) => (
        <section key={category} id={category} aria-labelledby={`plans-${category}`} className="flex scroll-mt-24 flex-col gap-5" data-category={category}>
          <h2 id={`plans-${category}`} className="text-2xl font-bold">
            {categoryName(category, plans)}
          </h2>
          {/* One plan alone takes a readable width instead of one column of an empty grid. */}
          <div className={`grid gap-6 pt-3 ${plans.length === 1 ? 'max-w-md' : 'sm:grid-cols-2 xl:grid-cols-3'}`}>
            {plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                busy={busy}
                onSubscribe={(chosen) => start((flows) => flows.subscribeToPlan(chosen.id, options))}
                onPayAgain={(held) => start((flows) => flows.payAgainForPlan(held, options))}
                onTrial={(chosen) => start((flows) => flows.startFreeTrial(chosen.id, options))}
              />
            ))}
          </div>
        </section>
      ))}
      <CustomPlanCard />
    </div>
  );
}
