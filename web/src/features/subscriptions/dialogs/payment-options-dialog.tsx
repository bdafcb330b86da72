/** Dialog 'payment-options': the open checkout's ways to pay; WEB leaves for its page, API opens the API flow. */
import { usePlanById } from '../hooks/use-plan-by-id';
import { useTranslation } from '@/lib/use-translation';
import { PhoneIcon } from '@/components/ui/menu-icons';
import { SubscriptionDialog } from '../components/subscription-dialog';
import { executePaymentOption } from '../flow';
import { usePlanFormat } from '../hooks/use-plan-format';
import { planTitle } from '../plan-attributes';
import { useSubscriptionStore } from '../store';

function CardIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5 shrink-0 text-primary" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20" />
    </svg>
  );
}

export function PaymentOptionsDialog() {
  const planById = usePlanById();
  const { t } = useTranslation();
  const { lang } = usePlanFormat();
  const checkout = useSubscriptionStore((state) => state.flow.checkout);
  const busy = useSubscriptionStore((state) => state.flow.busy);
  const plan = planById(checkout?.typeId);
  const name = plan ? planTitle(plan, lang) : '';
  return (
    <SubscriptionDialog name="payment-options" title={t('subscription.paymentOptions.title')} description={t('subscription.paymentOptions.description', { name })}>
      {/* DISPLAY_SERVICE_ABOVE_PURCHASE_OPTIONS_{locale}: the plan's own line above the ways to pay. */}
      {plan?.display?.abovePurchaseOptions && (
        <p className="mb-3 text-sm font-semibold" data-testid="payment-options-above">
          {plan.display.abovePurchaseOptions}
        </p>
      )}
      <ul className="flex flex-col gap-2">
        {checkout?.answer.options.map((option) => (
          <li key={option.uuid}>
            <button
              type="button"
              disabled={busy}
              data-option={option.code}
              onClick={() => executePaymentOption(checkout.typeId, option)}
              className="flex w-full items-center gap-3 rounded-xl border border-border bg-bg px-4 py-3 text-start transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60"
            >
              {option.flow === 'API' ? <PhoneIcon className="shrink-0 text-primary" /> : <CardIcon />}
              <span className="flex flex-col">
                <span className="font-semibold">{option.name}</span>
                <span className="text-sm text-muted">{option.flow === 'API' ? t('subscription.paymentOptions.api') : t('subscription.paymentOptions.web')}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </SubscriptionDialog>
  );
}
