/**
 * Cancel confirmation, v1 ('cancel-subscription': a short question) and v2
 * ('cancel-subscription-v2', V2Modals tenants: what ends when, and the credits that go with it).
 */
import { usePlanById } from '../hooks/use-plan-by-id';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { closeDialog, type DialogName } from '@/lib/dialogs';
import { DialogActions, SubscriptionDialog } from '../components/subscription-dialog';
import { useCancelPlan } from '../hooks/use-cancel-subscription';
import { useContentTypeName } from '../hooks/use-content-type-name';
import { usePlanFormat } from '../hooks/use-plan-format';
import { planTitle } from '../plan-attributes';
import { useSubscriptionStore } from '../store';

function CancelBody({ name, v2 }: { name: DialogName; v2: boolean }) {
  const planById = usePlanById();
  const { t } = useTranslation();
  const format = usePlanFormat();
  const contentTypeName = useContentTypeName();
  const target = useSubscriptionStore((state) => state.flow.cancelTarget);
  const { cancel, busy } = useCancelPlan();
  if (!target) return null;
  const sub = target.subscription;
  const plan = sub.subscriptionType ?? planById(sub.typeId);
  const until = sub.nextRenewalDate ?? sub.endDate;
  const close = () => closeDialog(name);
  return (
    <div className="flex flex-col gap-4">
      <p>{until ? t('subscription.cancel.text', { date: format.date(until) }) : t('subscription.cancel.textNoDate')}</p>
      {v2 && sub.contingents.length > 0 && (
        <div className="flex flex-col gap-2 rounded-xl bg-bg p-4 text-sm">
          <p className="font-semibold">{t('subscription.cancel.lose')}</p>
          <ul className="flex flex-col gap-1">
            {sub.contingents.map((contingent) => (
              <li key={contingent.contentTypes.join()} className="flex justify-between gap-4">
                <span>{contingent.contentTypes.map(contentTypeName).join(', ')}</span>
                <span className="font-semibold tabular-nums">{format.amount(contingent.amount)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {plan?.cancelUrl && <p className="text-sm text-muted">{t('subscription.cancel.external')}</p>}
      <DialogActions>
        <Button variant="secondary" onClick={close}>
          {t('subscription.cancel.keep')}
        </Button>
        <Button
          disabled={busy}
          data-testid="confirm-cancel"
          onClick={() => void cancel(sub).then(close)}
        >
          {busy ? t('subscription.loading') : t('subscription.cancel.confirm')}
        </Button>
      </DialogActions>
    </div>
  );
}

function CancelDialog({ name, v2 }: { name: DialogName; v2: boolean }) {
  const planById = usePlanById();
  const { t } = useTranslation();
  const { lang } = usePlanFormat();
  const target = useSubscriptionStore((state) => state.flow.cancelTarget);
  const plan = target ? (target.subscription.subscriptionType ?? planById(target.subscription.typeId)) : undefined;
  const planName = plan ? planTitle(plan, lang) : '';
  return (
    <SubscriptionDialog name={name} title={v2 ? t('subscription.cancel.v2Title') : t('subscription.cancel.title', { name: planName })} description={v2 ? t('subscription.cancel.title', { name: planName }) : undefined}>
      <CancelBody name={name} v2={v2} />
    </SubscriptionDialog>
  );
}

export function CancelSubscriptionDialog() {
  return <CancelDialog name="cancel-subscription" v2={false} />;
}

export function CancelSubscriptionV2Dialog() {
  return <CancelDialog name="cancel-subscription-v2" v2 />;
}
