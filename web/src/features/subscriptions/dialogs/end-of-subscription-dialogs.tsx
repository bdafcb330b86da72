/**
 * End-of-subscription dialogs. Plain ('end-of-subscription'): the user's plans have ended and none
 * is active; it offers the plans. With redirect ('end-of-subscription-redirect', 409
 * NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE/_DOWNGRADE): the held plan must end first; confirming
 * subscribes with migrateSubId/upgradeTo, so the old plan ends once the new one is paid.
 */
import { usePlanById } from '../hooks/use-plan-by-id';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { closeDialog } from '@/lib/dialogs';
import { useLocalizePath } from '@/lib/use-language';
import { DialogActions, SubscriptionDialog } from '../components/subscription-dialog';
import { usePlanFormat } from '../hooks/use-plan-format';
import { useSubscribeFlow } from '../hooks/use-subscribe-flow';
import { planTitle } from '../plan-attributes';
import { upgradeDirection } from '../plan-levels';
import { useSubscriptionStore } from '../store';

export function EndOfSubscriptionDialog() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <SubscriptionDialog name="end-of-subscription" title={t('subscription.endOfSubscription.title')}>
      <p>{t('subscription.endOfSubscription.text')}</p>
      <DialogActions>
        <Button variant="secondary" onClick={() => closeDialog('end-of-subscription')}>
          {t('subscription.close')}
        </Button>
        <Link to={localize('/subscription')} onClick={() => closeDialog('end-of-subscription')} className={buttonClass('primary')}>
          {t('subscription.endOfSubscription.choose')}
        </Link>
      </DialogActions>
    </SubscriptionDialog>
  );
}

export function EndOfSubscriptionRedirectDialog() {
  const planById = usePlanById();
  const { t } = useTranslation();
  const { lang } = usePlanFormat();
  const flow = useSubscribeFlow();
  const pending = useSubscriptionStore((state) => state.flow.endOfSubscription);
  const busy = useSubscriptionStore((state) => state.flow.busy);
  const target = planById(pending?.typeId);
  const current = planById(pending?.fromTypeId);
  const group = current?.subscriptionTypeGroupList[0];
  const direction =
    pending?.error === 'NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE' ? 'downgrade' : pending?.error === 'NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE' ? 'upgrade' : current && group ? upgradeDirection(group, current.id) : 'change';
  const name = target ? planTitle(target, lang) : '';
  const currentName = current ? planTitle(current, lang) : t('subscription.feedback.yourPlan');
  return (
    <SubscriptionDialog name="end-of-subscription-redirect" title={t(`subscription.endRedirect.title.${direction}`, { name })}>
      <p>{t('subscription.endRedirect.text', { name, current: currentName })}</p>
      <DialogActions>
        <Button variant="secondary" onClick={() => closeDialog('end-of-subscription-redirect')}>
          {t('subscription.endRedirect.keep')}
        </Button>
        <Button disabled={busy} onClick={() => void flow.confirmSwitch()}>
          {t('subscription.endRedirect.confirm')}
        </Button>
      </DialogActions>
    </SubscriptionDialog>
  );
}
