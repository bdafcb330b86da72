/** Dialog 'subscribe-decide': choose what to subscribe to by category; each choice yields an action code. */
import { useTranslation } from '@/lib/use-translation';
import { closeDialog } from '@/lib/dialogs';
import { usePortalStore } from '@/lib/store';
import { SubscriptionDialog } from '../components/subscription-dialog';
import { navigateTo, requestLogin } from '../flow';
import { useCategoryName } from '../hooks/use-category-name';
import { useSubscribeFlow } from '../hooks/use-subscribe-flow';
import { groupByCategory, planCategories } from '../plan-attributes';
import { ActionCode, decideAction, tenantFlags } from '../subscribe-rules';
import { useSubscriptionStore } from '../store';
import { useLocalizePath } from '@/lib/use-language';

export function SubscribeDecideDialog() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const categoryName = useCategoryName();
  const types = useSubscriptionStore((state) => state.types);
  const active = useSubscriptionStore((state) => state.active);
  const busy = useSubscriptionStore((state) => state.flow.busy);
  const role = usePortalStore((state) => state.role);
  const features = usePortalStore((state) => state.configs.features);
  const flow = useSubscribeFlow();
  const categories = groupByCategory(types);

  const choose = (category: string, subscribed: boolean) => {
    const action = decideAction({ guest: role !== 'user', subscribed, loading: busy, redirect: tenantFlags(features).redirectToSubPage === true });
    closeDialog('subscribe-decide');
    switch (action) {
      case ActionCode.REDIRECT:
        navigateTo(`${localize('/subscription')}#${encodeURIComponent(category)}`);
        return;
      case ActionCode.OPENDIALOG:
        flow.request({ category });
        return;
      case ActionCode.LOGIN:
        requestLogin();
        return;
      case ActionCode.NOACTION:
        return;
    }
  };

  return (
    <SubscriptionDialog name="subscribe-decide" title={t('subscription.decide.title')} description={t('subscription.decide.description')}>
      <ul className="flex flex-col gap-2">
        {categories.map(({ category, plans }) => {
          const subscribed = active.some((sub) => plans.some((plan) => plan.id === sub.typeId) || planCategories(sub.subscriptionType ?? { id: sub.typeId, attributes: [] }).includes(category));
          return (
            <li key={category}>
              <button
                type="button"
                disabled={subscribed}
                onClick={() => choose(category, subscribed)}
                className="flex w-full items-center justify-between gap-3 rounded-xl border border-border bg-bg px-4 py-3 text-start font-semibold transition-colors hover:border-primary hover:text-primary disabled:opacity-70"
              >
                <span>{categoryName(category, plans)}</span>
                {subscribed && <span className="text-sm text-primary">{t('subscription.decide.subscribed')}</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </SubscriptionDialog>
  );
}
