/**
 * Dialog 'double-opt-in' (commerce §2 "double opt-in with consent"): before an operator charges a
 * plan through the API flow, a tenant with the feature `doubleOptIn` asks for a second, explicit
 * consent: the plan, its price per cycle and the operator are named, and a box must be ticked.
 * Confirming opens the API flow (flow.ts confirmDoubleOptIn); closing charges nothing.
 */
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { closeDialog } from '@/lib/dialogs';
import { DialogActions, SubscriptionDialog } from '../components/subscription-dialog';
import { confirmDoubleOptIn } from '../flow';
import { usePlanById } from '../hooks/use-plan-by-id';
import { usePlanFormat } from '../hooks/use-plan-format';
import { planTitle } from '../plan-attributes';
import { useSubscriptionStore } from '../store';

function ConsentForm() {
  const { t } = useTranslation();
  const planById = usePlanById();
  const format = usePlanFormat();
  const apiFlow = useSubscriptionStore((state) => state.flow.apiFlow);
  const busy = useSubscriptionStore((state) => state.flow.busy);
  const { register, handleSubmit, formState } = useForm<{ consent: boolean }>({ defaultValues: { consent: false } });
  if (!apiFlow) return null;
  const plan = planById(apiFlow.typeId);
  const offer = plan ? format.offer(plan) : null;
  // The words the user ticked go with the consent, as they read them.
  const submit = handleSubmit(() => confirmDoubleOptIn(t('dialogs.doubleOptIn.consent')));
  const error = formState.errors.consent ? t('dialogs.doubleOptIn.required') : null;
  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
      {plan && offer && (
        <dl className="flex flex-col gap-1 rounded-xl border border-border bg-bg p-4">
          <dt className="text-sm text-muted">{t('dialogs.doubleOptIn.plan')}</dt>
          <dd className="font-semibold break-words">{planTitle(plan, format.lang)}</dd>
          <dt className="mt-2 text-sm text-muted">{t('dialogs.doubleOptIn.price')}</dt>
          <dd className="text-lg font-bold" data-testid="double-opt-in-price">
            <bdi className="tabular-nums">{offer.now}</bdi> <span className="text-sm font-normal text-muted">{format.cycle(plan.billingCycle)}</span>
          </dd>
          <dt className="mt-2 text-sm text-muted">{t('dialogs.doubleOptIn.operator')}</dt>
          <dd className="font-semibold">{apiFlow.option.name}</dd>
        </dl>
      )}
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-[var(--color-primary)]"
          aria-invalid={error !== null}
          aria-describedby={error ? 'double-opt-in-error' : undefined}
          {...register('consent', { validate: (value) => value })}
        />
        <span>{t('dialogs.doubleOptIn.consent')}</span>
      </label>
      {error && (
        <p id="double-opt-in-error" role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={() => closeDialog('double-opt-in')}>
          {t('dialogs.doubleOptIn.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {t('dialogs.doubleOptIn.confirm')}
        </Button>
      </DialogActions>
    </form>
  );
}

export function DoubleOptInDialog() {
  const { t } = useTranslation();
  const apiFlow = useSubscriptionStore((state) => state.flow.apiFlow);
  return (
    <SubscriptionDialog name="double-opt-in" title={t('dialogs.doubleOptIn.title')} description={t('dialogs.doubleOptIn.text')}>
      {/* Keyed by option: every charge asks afresh. */}
      <ConsentForm key={apiFlow?.option.uuid ?? 'none'} />
    </SubscriptionDialog>
  );
}
