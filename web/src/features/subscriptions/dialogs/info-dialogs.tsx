/**
 * Small subscription dialogs: credit expiration (closing goes to features.creditExpirationRoute),
 * the purchased popup, the inactive-subscription dialog and the login-subscription error
 * (purchase return NO_SUBSCRIPTION_FOUND 404).
 */
import { usePlanById } from '../hooks/use-plan-by-id';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { closeDialog } from '@/lib/dialogs';
import { isolated } from '@/lib/formatters';
import { usePortalStore } from '@/lib/store';
import { useLocalizePath } from '@/lib/use-language';
import { DialogActions, SubscriptionDialog } from '../components/subscription-dialog';
import { navigateTo, requestLogin } from '../flow';
import { usePlanFormat } from '../hooks/use-plan-format';
import { useSubscribeFlow } from '../hooks/use-subscribe-flow';
import { planTitle } from '../plan-attributes';
import { useSubscriptionStore } from '../store';

export function CreditExpirationDialog() {
  const planById = usePlanById();
  const { t } = useTranslation();
  const format = usePlanFormat();
  const localize = useLocalizePath();
  const found = useSubscriptionStore((state) => state.flow.creditExpiration);
  const route = usePortalStore((state) => state.configs.features?.creditExpirationRoute);
  const plan = found ? (found.subscription.subscriptionType ?? planById(found.subscription.typeId)) : undefined;
  const onClosed = () => {
    if (typeof route === 'string' && route.startsWith('/')) navigateTo(localize(route));
  };
  return (
    <SubscriptionDialog name="credit-expiration" title={t('subscription.credit.title')} onClosed={onClosed}>
      {found && (
        <p>
          {t('subscription.credit.text', {
            name: plan ? planTitle(plan, format.lang) : t('subscription.feedback.yourPlan'),
            left: format.left(found.left, found.unit),
            date: format.date(found.at),
          })}
        </p>
      )}
      <DialogActions>
        <Button onClick={() => { closeDialog('credit-expiration'); onClosed(); }}>{t('subscription.credit.action')}</Button>
      </DialogActions>
    </SubscriptionDialog>
  );
}

export function PurchasedPopup() {
  const planById = usePlanById();
  const { t } = useTranslation();
  const { lang } = usePlanFormat();
  const localize = useLocalizePath();
  const purchased = useSubscriptionStore((state) => state.flow.purchased);
  const plan = planById(purchased?.subTypeId);
  // A plan is managed with the subscriptions; a bought item is in My purchases (issue 47 item 9).
  const next = purchased?.article === true
    ? { path: '/myPurchases', label: t('auth.myPurchases') }
    : { path: '/profile/manage', label: t('subscription.feedback.manage') };
  return (
    <SubscriptionDialog name="purchased-popup" title={t('subscription.purchased.title')}>
      <p>
        {plan
          ? t('subscription.purchased.subscriptionText', { name: planTitle(plan, lang) })
          : purchased?.title
            ? t('subscription.purchased.articleText', { title: isolated(purchased.title) })
            : t('subscription.purchased.text')}
      </p>
      <DialogActions>
        <Link to={localize(next.path)} onClick={() => closeDialog('purchased-popup')} className={buttonClass('secondary')}>
          {next.label}
        </Link>
        <Button onClick={() => closeDialog('purchased-popup')}>{t('subscription.ok')}</Button>
      </DialogActions>
    </SubscriptionDialog>
  );
}

export function InactiveSubscriptionDialog() {
  const planById = usePlanById();
  const { t } = useTranslation();
  const { lang } = usePlanFormat();
  const flow = useSubscribeFlow();
  const inactive = useSubscriptionStore((state) => state.flow.inactive);
  const plan = planById(inactive?.typeId);
  return (
    <SubscriptionDialog name="inactive-subscription" title={t('subscription.inactive.title')}>
      <p>{t('subscription.inactive.text', { name: plan ? planTitle(plan, lang) : t('subscription.feedback.yourPlan') })}</p>
      <DialogActions>
        <Button variant="secondary" onClick={() => closeDialog('inactive-subscription')}>
          {t('subscription.close')}
        </Button>
        {plan && (
          <Button onClick={() => { closeDialog('inactive-subscription'); void flow.subscribe(plan.id); }}>{t('subscription.inactive.renew')}</Button>
        )}
      </DialogActions>
    </SubscriptionDialog>
  );
}

export function LoginSubscriptionErrorDialog() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <SubscriptionDialog name="login-subscription-error" title={t('subscription.loginError.title')}>
      <p>{t('subscription.loginError.text')}</p>
      <DialogActions>
        <Link to={localize('/subscription')} onClick={() => closeDialog('login-subscription-error')} className={buttonClass('secondary')}>
          {t('subscription.endOfSubscription.choose')}
        </Link>
        <Button onClick={() => { closeDialog('login-subscription-error'); requestLogin(); }}>{t('subscription.loginError.signIn')}</Button>
      </DialogActions>
    </SubscriptionDialog>
  );
}
