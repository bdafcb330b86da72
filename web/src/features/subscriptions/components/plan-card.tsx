/**
 * One plan: title, best-value badge, price with promotion, trial text, description and bullets in
 * the user's language, and the action for the user's relation to it (subscribe, current, pending,
 * upgrade, downgrade).
 */
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { usePlanFormat } from '../hooks/use-plan-format';
import { isBestValue, planBullets, planDescription, planTitle } from '../plan-attributes';
import { usePlanState } from '../hooks/use-plan-state';
import type { SubscriptionType } from '../types';
import { PlanPrice } from './plan-price';

interface PlanActionProps {
  plan: SubscriptionType;
  onSubscribe: (plan: SubscriptionType) => void;
  /** Starts the plan's free trial; without it a trial-eligible plan offers the paid subscription only. */
  onTrial?: (plan: SubscriptionType) => void;
  busy: boolean;
  className?: string;
}

export function PlanAction({ plan, onSubscribe, onTrial, busy, className = '' }: PlanActionProps) {
  const { t } = useTranslation();
  const lang = usePlanFormat().lang;
  const state = usePlanState(plan);
  const name = planTitle(plan, lang);
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

export function PlanCard({ plan, onSubscribe, onTrial, busy }: Omit<PlanActionProps, 'className'>) {
  const { t } = useTranslation();
  const format = usePlanFormat();
  const state = usePlanState(plan);
  const best = isBestValue(plan);
  const bullets = planBullets(plan, format.lang);
  const description = planDescription(plan, format.lang);
  const trial = state.trialEligible ? format.trial(plan) : null;
  return (
    <article
      data-testid="plan-card"
      data-plan-id={plan.id}
      className={`relative flex flex-col gap-4 rounded-2xl border bg-surface p-5 sm:p-6 ${best ? 'border-primary shadow-lg ring-1 ring-primary' : 'border-border'} ${state.relation === 'current' ? 'outline-2 outline-offset-2 outline-primary' : ''}`}
    >
      {best && (
        <span className="absolute -top-3 start-5 rounded-full bg-primary px-3 py-1 text-xs font-bold uppercase tracking-wide text-primary-contrast">{t('subscription.bestValue')}</span>
      )}
      <header className="flex flex-col gap-1">
        <h3 className="text-xl font-bold">{planTitle(plan, format.lang)}</h3>
        {description && <p className="text-sm text-muted">{description}</p>}
      </header>
      <PlanPrice plan={plan} />
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
      <div className="mt-auto pt-2">
        <PlanAction plan={plan} onSubscribe={onSubscribe} onTrial={onTrial} busy={busy} className="w-full" />
      </div>
    </article>
  );
}
