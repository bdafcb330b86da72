/**
 * Dialog 'subscribe': the plan popup in its variants (commerce §2/§4). v1 lists the plans, v2 shows
 * them as cards with bullets, v3 lists the plans that include the content that asked, `group` and
 * `V2` group the plans by subscription group (V2 with bullets, the tenants' newer modal).
 */
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { CheckIcon } from '@/components/ui/menu-icons';
import { closeDialog } from '@/lib/dialogs';
import { useLocalizePath } from '@/lib/use-language';
import { PlanAction } from '../components/plan-card';
import { PlanPrice } from '../components/plan-price';
import { SubscriptionDialog } from '../components/subscription-dialog';
import { usePlanFormat } from '../hooks/use-plan-format';
import { useSubscribeFlow } from '../hooks/use-subscribe-flow';
import { isBestValue, planBullets, planTitle } from '../plan-attributes';
import { useSubscriptionStore } from '../store';
import type { SubscriptionType } from '../types';

function groupsOf(plans: SubscriptionType[]): { id: string; name: string; plans: SubscriptionType[] }[] {
  const groups = new Map<string, { id: string; name: string; plans: SubscriptionType[] }>();
  for (const plan of plans) {
    const group = plan.subscriptionTypeGroupList[0];
    const id = group?.id ?? `plan-${plan.id}`;
    const entry = groups.get(id) ?? { id, name: group?.name ?? plan.name, plans: [] };
    entry.plans.push(plan);
    groups.set(id, entry);
  }
  return [...groups.values()];
}

function PlanRow({ plan, bullets }: { plan: SubscriptionType; bullets: boolean }) {
  const { t } = useTranslation();
  const format = usePlanFormat();
  const flow = useSubscribeFlow();
  const busy = useSubscriptionStore((state) => state.flow.busy);
  const list = bullets ? planBullets(plan, format.lang) : [];
  return (
    <li className={`flex flex-col gap-3 rounded-xl border p-4 ${isBestValue(plan) ? 'border-primary' : 'border-border'} bg-bg`} data-testid="popup-plan" data-plan-id={plan.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <span className="font-bold">{planTitle(plan, format.lang)}</span>
          {isBestValue(plan) && <span className="self-start rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-primary-contrast">{t('subscription.bestValue')}</span>}
        </div>
        <PlanPrice plan={plan} size="small" />
      </div>
      {list.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm">
          {list.map((bullet) => (
            <li key={bullet} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" />
              {bullet}
            </li>
          ))}
        </ul>
      )}
      <PlanAction
        plan={plan}
        busy={busy}
        onSubscribe={(chosen) => void flow.subscribe(chosen.id)}
        onPayAgain={(held) => void flow.payAgain(held)}
        onTrial={(chosen) => void flow.trial(chosen.id)}
        className="self-stretch sm:self-end"
      />
    </li>
  );
}

export function SubscribePopupDialog() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const popup = useSubscriptionStore((state) => state.flow.popup);
  const types = useSubscriptionStore((state) => state.types);
  const plans = types.filter((type) => popup?.planIds.includes(type.id));
  const variant = popup?.variant ?? 'v1';
  const grouped = variant === 'group' || variant === 'V2';
  const bullets = variant === 'v2' || variant === 'V2';
  return (
    <SubscriptionDialog name="subscribe" title={t(`subscription.popup.title.${variant}`)} description={t('subscription.popup.description')} wide>
      <div data-variant={variant} className="flex flex-col gap-4">
        {grouped ? (
          groupsOf(plans).map((group) => (
            <section key={group.id} className="flex flex-col gap-2">
              <h3 className="text-sm font-bold uppercase tracking-wide text-muted">{group.name}</h3>
              <ul className="flex flex-col gap-2">
                {group.plans.map((plan) => (
                  <PlanRow key={plan.id} plan={plan} bullets={bullets} />
                ))}
              </ul>
            </section>
          ))
        ) : (
          <ul className="flex flex-col gap-2">
            {plans.map((plan) => (
              <PlanRow key={plan.id} plan={plan} bullets={bullets} />
            ))}
          </ul>
        )}
        <Link to={localize('/subscription')} onClick={() => closeDialog('subscribe')} className="self-center text-sm font-semibold text-primary hover:underline">
          {t('subscription.popup.allPlans')}
        </Link>
      </div>
    </SubscriptionDialog>
  );
}
