/**
 * /profile/manage subscriptions: current plans (active, pending, inactive) with their state,
 * renewal or end date, credits per content type (−1 = unlimited), trial and pending markers and a
 * cancel button with confirmation; a plan held for a failed renewal says until when it stays active (its one date:
 * the grace's end, never the past period's) and offers to pay again with another card or the mobile bill (the
 * dunning mail's link opens this page, issue 72 items 4 and 13); then the canceled history (newest per type, at most 5).
 */
import { usePlanById } from '../hooks/use-plan-by-id';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { Skeleton } from '@/components/ui/skeleton';
import { openDialog } from '@/lib/dialogs';
import { usePortalStore } from '@/lib/store';
import { useLocalizePath } from '@/lib/use-language';
import { useContentTypeName } from '../hooks/use-content-type-name';
import { usePlanFormat } from '../hooks/use-plan-format';
import { planTitle } from '../plan-attributes';
import { setFlow, useSubscriptionStore } from '../store';
import { isActive, isHeld, isPending } from '../subscription-state';
import { useSubscribeOptions, type StartPlanFlow } from '../hooks/use-subscribe-options';
import type { UserSubscription } from '../types';

function StateBadge({ sub }: { sub: UserSubscription }) {
  const { t } = useTranslation();
  const pending = isPending(sub);
  const active = isActive(sub);
  const tone = pending ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100' : active ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100' : 'bg-border text-text';
  // Held for a failed renewal: a payment is due (not "pending": nothing is under way until the user pays).
  const label = isHeld(sub) ? t('subscription.manage.state.HELD') : pending ? t('subscription.manage.state.PENDING') : t(`subscription.manage.state.${sub.state}`);
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${tone}`} data-testid="subscription-state">
      {label}
    </span>
  );
}

/**
 * A plan held for a failed renewal: the button that pays the due period now, with another card or the mobile bill
 * (the plan's ways to pay, chosen in the payment-options dialog). Until when it stays is the row's date line.
 */
function PayAgain({ sub, start }: { sub: UserSubscription; start: StartPlanFlow }) {
  const { t } = useTranslation();
  const options = useSubscribeOptions();
  const busy = useSubscriptionStore((state) => state.flow.busy);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50" data-testid="subscription-held">
      <p className="min-w-0 flex-1 basis-60">{t('subscription.manage.held')}</p>
      <Button onClick={() => start((flows) => flows.payAgainForPlan(sub, options))} disabled={busy} data-testid="pay-again">
        {t('subscription.manage.payAgain')}
      </Button>
    </div>
  );
}

function SubscriptionRow({ sub, v2, start }: { sub: UserSubscription; v2: boolean; start: StartPlanFlow }) {
  const planById = usePlanById();
  const { t } = useTranslation();
  const format = usePlanFormat();
  const contentTypeName = useContentTypeName();
  const plan = sub.subscriptionType ?? planById(sub.typeId);
  const name = plan ? planTitle(plan, format.lang) : `#${sub.typeId}`;
  const active = isActive(sub);
  // A plan from a voucher was never cancelled: it ends on its date without renewal (issue 30). A held one stays
  // until its grace ends: that date alone (its period's end has passed, issue 72 item 13).
  const dateLine = isHeld(sub)
    ? t('subscription.manage.heldUntil', { date: format.date(sub.graceUntil) })
    : sub.cancelRequested && sub.paymentOption === 'voucher'
    ? t('subscription.manage.voucherEnds', { date: format.date(sub.endDate) })
    : sub.cancelRequested
    ? t('subscription.manage.cancelRequested', { date: format.date(sub.endDate) })
    : active && sub.nextRenewalDate
      ? t('subscription.manage.renews', { date: format.date(sub.nextRenewalDate) })
      : sub.endDate
        ? t('subscription.manage.ends', { date: format.date(sub.endDate) })
        : t('subscription.manage.started', { date: format.date(sub.startDate) });
  const openCancel = () => {
    setFlow({ cancelTarget: { subscription: sub } });
    openDialog(v2 ? 'cancel-subscription-v2' : 'cancel-subscription');
  };
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-border bg-bg p-4 sm:p-5" data-testid="user-subscription" data-type-id={sub.typeId} data-state={sub.state}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-bold">{name}</h3>
            <StateBadge sub={sub} />
            {sub.trial && <span className="rounded-full border border-primary px-2.5 py-0.5 text-xs font-bold text-primary">{t('subscription.manage.trial')}</span>}
          </div>
          <p className="text-sm text-muted">{dateLine}</p>
          {plan && (
            <p className="text-sm text-muted">
              {format.offer(plan).now} {format.cycle(plan.billingCycle)}
            </p>
          )}
        </div>
        {active && !sub.cancelRequested && (
          <Button variant="secondary" onClick={openCancel} data-testid="cancel-subscription">
            {t('subscription.manage.cancel')}
          </Button>
        )}
        {sub.state === 'INACTIVE' && !isPending(sub) && (
          <Button
            variant="secondary"
            onClick={() => {
              setFlow({ inactive: { typeId: sub.typeId } });
              openDialog('inactive-subscription');
            }}
          >
            {t('subscription.inactive.renew')}
          </Button>
        )}
      </div>
      {isHeld(sub) && <PayAgain sub={sub} start={start} />}
      {sub.contingents.length > 0 && (
        // The heading stands before the list: a <dt> without its <dd> makes the list invalid (axe definition-list).
        <div className="flex max-w-xs flex-col gap-1 text-sm">
          <p className="font-semibold">{t('subscription.manage.credits')}</p>
          <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
            {sub.contingents.map((contingent) => (
              <div key={contingent.contentTypes.join()} className="contents">
                <dt className="text-muted">{new Intl.ListFormat(format.lang, { type: 'conjunction' }).format(contingent.contentTypes.map(contentTypeName))}</dt>
                <dd className="text-end font-semibold tabular-nums">{format.amount(contingent.amount)}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </li>
  );
}

/** Shown without the commerce runtime (issue 77 item 6): "pay now" starts its flow through it (`start`, the app's `withCommerce`). */
export function ManageSubscriptions({ start }: { start: StartPlanFlow }) {
  const planById = usePlanById();
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const format = usePlanFormat();
  const loaded = useSubscriptionStore((state) => state.subscriptionsLoaded);
  const all = useSubscriptionStore((state) => state.subscriptions);
  const canceled = useSubscriptionStore((state) => state.canceled);
  const v2 = usePortalStore((state) => state.configs.features?.V2Modals === true);
  const current = all.filter((sub) => sub.state !== 'CANCELED');

  if (!loaded) return <Skeleton className="h-32 rounded-xl" />;
  return (
    <div className="flex flex-col gap-6">
      {current.length === 0 ? (
        <p className="text-muted">{t('profile.manage.noSubscriptions')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {current.map((sub) => (
            <SubscriptionRow key={sub.id} sub={sub} v2={v2} start={start} />
          ))}
        </ul>
      )}
      <Link to={localize('/subscription')} className={buttonClass('secondary', 'self-start')}>
        {t('profile.manage.browsePlans')}
      </Link>
      {canceled.length > 0 && (
        <section className="flex flex-col gap-2">
          <h3 className="font-bold">{t('subscription.manage.history')}</h3>
          <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
            {canceled.map((sub) => {
              const plan = sub.subscriptionType ?? planById(sub.typeId);
              return (
                <li key={sub.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm" data-testid="canceled-subscription">
                  <span className="font-semibold">{plan ? planTitle(plan, format.lang) : `#${sub.typeId}`}</span>
                  <span className="text-muted">{t('subscription.manage.endedOn', { date: format.date(sub.endDate ?? sub.updatedAt) })}</span>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
