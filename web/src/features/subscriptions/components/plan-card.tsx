/**
 * One plan: title, best-value badge, price with promotion, trial text, description and bullets in
 * the user's language, and the action for the user's relation to it (subscribe, current, pending,
 * upgrade, downgrade). The display keys of commerce §3 (plan.display, resolved by the server; see
 * docs/decisions.md "Plan card keys"): icon per theme, background picture, HTML name, credit text,
 * a line above the price and one above the button, a note, a details link, a redirect instead of
 * the checkout, and the recommended (default) plan.
 */
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/menu-icons';
import { usePlanFormat } from '../hooks/use-plan-format';
import { isBestValue, planBullets, planDescription, planTitle } from '../plan-attributes';
import { usePlanState } from '../hooks/use-plan-state';
import type { SubscriptionType, UserSubscription } from '../types';
import { PlanPrice } from './plan-price';
import { PlanRichName } from './plan-rich-name';

interface PlanActionProps {
  plan: SubscriptionType;
  onSubscribe: (plan: SubscriptionType) => void;
  /** "Pay now" on the plan when the user's subscription of it is held for a failed renewal (issue 72 item 4). */
  onPayAgain?: (held: UserSubscription) => void;
  /** Starts the plan's free trial; without it a trial-eligible plan offers the paid subscription only. */
  onTrial?: (plan: SubscriptionType) => void;
  busy: boolean;
  className?: string;
}

export function PlanAction({ plan, onSubscribe, onPayAgain, onTrial, busy, className = '' }: PlanActionProps) {
  const { t } = useTranslation();
  const format = usePlanFormat();
  const lang = format.lang;
  const state = usePlanState(plan);
  const name = planTitle(plan, lang);
  const held = state.held;
  if (held) {
    // Held for a failed renewal: still the user's until its grace ends, and payable now with another card or the
    // mobile bill (the dunning mail's promise), never a dead "Payment pending".
    const payNow = t('subscription.manage.payAgain');
    return (
      <div className={`flex flex-col gap-2 ${className.includes('w-full') ? '' : 'items-end'}`} data-testid="held-plan">
        <p className="text-sm font-semibold text-amber-800 dark:text-amber-200">{t('subscription.heldNotice', { date: format.date(held.graceUntil) })}</p>
        {onPayAgain && (
          <Button className={className} disabled={busy} onClick={() => onPayAgain(held)} aria-label={`${payNow}: ${name}`} data-action="pay-again">
            {payNow}
          </Button>
        )}
      </div>
    );
  }
  if (state.relation === 'current') {
    return (
      <span className={`inline-flex items-center justify-center gap-2 rounded-full border border-primary px-5 py-2 font-semibold text-primary ${className}`} data-testid="current-plan">
        <CheckIcon className="size-4" />
        {t('subscription.currentPlan')}
      </span>
    );
  }
  if (state.pending) {
    return <span className={`inline-flex items-center justify-center rounded-full border border-border px-5 py-2 font-semibold text-muted ${className}`}>{t('subscription.pending')}</span>;
  }
  const label = state.relation === 'upgrade' ? t('subscription.upgrade') : state.relation === 'downgrade' ? t('subscription.downgrade') : t('subscription.subscribe');
  // ment_redirect: a plan sold elsewhere (a partner, a landing page) opens that address instead.
  const redirect = plan.display?.redirect;
  if (redirect && state.relation === 'new') {
    return (
      <a
        href={redirect}
        className={`inline-flex items-center justify-center rounded-full bg-primary px-5 py-2 font-semibold text-primary-contrast hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${className}`}
        aria-label={`${label}: ${name}`}
        data-action="redirect"
      >
        {label}
      </a>
    );
  }
  const subscribe = (
    <Button
      variant={onTrial && state.trialEligible && state.relation === 'new' ? 'secondary' : 'primary'}
      className={className}
      disabled={busy}
      onClick={() => onSubscribe(plan)}
      aria-label={`${label}: ${name}`}
      data-action="subscribe"
    >
      {label}
    </Button>
  );
  if (!onTrial || !state.trialEligible || state.relation !== 'new') return subscribe;
  const trial = t('subscription.startTrial');
  return (
    <div className={`flex gap-2 ${className.includes('w-full') ? 'flex-col' : 'flex-wrap justify-end'}`}>
      <Button className={className} disabled={busy} onClick={() => onTrial(plan)} aria-label={`${trial}: ${name}`} data-action="trial">
        {trial}
      </Button>
      {subscribe}
    </div>
  );
}

export function PlanCard({ plan, onSubscribe, onPayAgain, onTrial, busy }: Omit<PlanActionProps, 'className'>) {
  const { t } = useTranslation();
  const format = usePlanFormat();
  const state = usePlanState(plan);
  const best = isBestValue(plan);
  const bullets = planBullets(plan, format.lang);
  const description = planDescription(plan, format.lang);
  const trial = state.trialEligible ? format.trial(plan) : null;
  const display = plan.display ?? null;
  const recommended = Boolean(display?.isDefault) && !best;
  const title = planTitle(plan, format.lang);
  return (
    <article
      data-testid="plan-card"
      data-plan-id={plan.id}
      data-default={display?.isDefault ? 'true' : undefined}
      className={`relative isolate flex flex-col gap-4 rounded-2xl border bg-surface p-5 sm:p-6 ${best || recommended ? 'border-primary shadow-lg ring-1 ring-primary' : 'border-border'} ${state.relation === 'current' ? 'outline-2 outline-offset-2 outline-primary' : ''}`}
    >
      {display?.backgroundImage && (
        <div className="pointer-events-none absolute inset-0 -z-10 overflow-hidden rounded-2xl" aria-hidden="true">
          <img src={display.backgroundImage} alt="" className="size-full object-cover opacity-15" loading="lazy" data-testid="plan-background" />
        </div>
      )}
      {(best || recommended) && (
        <span className="absolute -top-3 start-5 rounded-full bg-primary px-3 py-1 text-xs font-bold uppercase tracking-wide text-primary-contrast">
          {best ? t('subscription.bestValue') : t('subscription.recommended')}
        </span>
      )}
      <header className="flex items-start gap-3">
        {display?.icon && (
          <>
            <img src={display.icon} alt="" aria-hidden="true" className={`size-10 shrink-0 object-contain ${display.iconAlternativeTheme ? 'dark:hidden' : ''}`} data-testid="plan-icon" />
            {display.iconAlternativeTheme && (
              <img src={display.iconAlternativeTheme} alt="" aria-hidden="true" className="hidden size-10 shrink-0 object-contain dark:block" data-testid="plan-icon-dark" />
            )}
          </>
        )}
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="text-xl font-bold" aria-label={display?.nameHtml ? title : undefined} data-testid="plan-title">
            {display?.nameHtml ? <PlanRichName html={display.nameHtml} /> : title}
          </h3>
          {description && <p className="text-sm text-muted">{description}</p>}
          {display?.descriptionCredit && <p className="text-sm text-muted" data-testid="plan-credit">{display.descriptionCredit}</p>}
        </div>
      </header>
      {display?.abovePurchaseOptions && <p className="text-sm font-semibold" data-testid="plan-above-options">{display.abovePurchaseOptions}</p>}
      <PlanPrice plan={plan} />
      {display?.note && <p className="text-xs text-muted" data-testid="plan-note">{display.note}</p>}
      {trial && <p className="rounded-lg bg-bg px-3 py-2 text-sm font-semibold text-primary">{trial}</p>}
      {bullets.length > 0 && (
        <ul className="flex flex-col gap-2 text-sm">
          {bullets.map((bullet) => (
            <li key={bullet} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{bullet}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto flex flex-col gap-2 pt-2">
        {display?.aboveCta && <p className="text-center text-sm text-muted" data-testid="plan-above-cta">{display.aboveCta}</p>}
        <PlanAction plan={plan} onSubscribe={onSubscribe} onPayAgain={onPayAgain} onTrial={onTrial} busy={busy} className="w-full" />
        {display?.url && (
          <a href={display.url} className="text-center text-sm font-semibold text-primary underline-offset-2 hover:underline" aria-label={t('subscription.planDetailsOf', { plan: title })} data-testid="plan-url">
            {t('subscription.planDetails')}
          </a>
        )}
      </div>
    </article>
  );
}
