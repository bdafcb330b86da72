/** "Change price": the new price sells at once; renewals from the chosen (future) date; subscribers mailed. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { formatDate, formatNumber, formatPrice } from '@/lib/formatters';
import { Field, INPUT_CLASS, Notice, Section } from '@/admin/components/fields';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { failureText } from '@/admin/lib/failure-text';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { toDecimal, toMinor } from '@/admin/lib/money';
import type { SaveOutcome } from '@/admin/lib/outcome';
import { planCalls, type AdminPlan } from '../plans-api';

/** The time a datetime-local value names, when it is in the future. */
function futureTime(value: string): Date | null {
  const when = new Date(value);
  return value && !Number.isNaN(when.getTime()) && when.getTime() > Date.now() ? when : null;
}

export function PriceChange({ plan, onChanged }: { plan: AdminPlan; onChanged: (plan: AdminPlan, notices: number) => void }) {
  const { t, lang } = useAdminI18n();
  const { api } = useConsole();
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const form = useForm<{ amount: string; from: string }>({ defaultValues: { amount: toDecimal(plan.price.amount), from: '' } });
  const { register, handleSubmit, formState, setError } = form;
  const submit = handleSubmit(async ({ amount, from }) => {
    setOutcome(null);
    const minor = toMinor(amount);
    if (minor === null) {
      setError('amount', { type: 'validate', message: t('plans.amountInvalid') }, { shouldFocus: true });
      return;
    }
    const when = futureTime(from);
    if (!when) {
      setError('from', { type: 'validate', message: t('plans.dateFuture') }, { shouldFocus: true });
      return;
    }
    // Every current subscriber is mailed: ask first.
    if (!window.confirm(t('plans.confirmPrice', { count: plan.subscribers, price: formatPrice(minor, plan.price.currency, lang) }))) return;
    try {
      const changed = await planCalls.changePrice(api, plan.id, {
        version: plan.version,
        price: { amount: minor, currency: plan.price.currency },
        effectiveFrom: when.toISOString().replace(/\.\d+Z$/, 'Z'),
      });
      onChanged(changed.plan, changed.notices);
    } catch (error) {
      const { code, data } = errorOf(error);
      if (code === 'PLAN_VERSION_CONFLICT') setOutcome({ tone: 'error', text: t('plans.conflict') });
      else if (code === 'VALIDATION_ERROR') {
        const field = typeof data.field === 'string' ? data.field : '';
        const reason = typeof data.reason === 'string' ? data.reason : '';
        setOutcome({ tone: 'error', text: t('validation.server', { reason: `${field} ${reason}` }) });
      }
      else setOutcome({ tone: 'error', text: failureText(t, error) });
    }
  });
  return (
    <Section title={t('plans.changePrice')}>
      <p className="mb-3 text-sm text-muted">{t('plans.changePriceHint', { subscribers: formatNumber(plan.subscribers, lang) })}</p>
      {plan.priceChange && (
        <p className="mb-3 text-sm" data-testid="price-change">
          {t('plans.scheduled', {
            previous: formatPrice(plan.priceChange.previousPrice.amount, plan.priceChange.previousPrice.currency, lang),
            date: formatDate(plan.priceChange.effectiveFrom, lang, { dateStyle: 'medium' }),
          })}
        </p>
      )}
      <form noValidate onSubmit={(e) => void submit(e)} className="grid items-start gap-x-6 gap-y-2 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
        <Field label={t('plans.newPrice', { currency: plan.price.currency })} error={formState.errors.amount?.message}>
          {(f) => <input {...f} dir="ltr" inputMode="decimal" className={INPUT_CLASS} {...register('amount')} />}
        </Field>
        <Field label={t('plans.effectiveFrom')} hint={t('plans.effectiveFromHint')} error={formState.errors.from?.message}>
          {(f) => <input {...f} type="datetime-local" dir="ltr" className={INPUT_CLASS} {...register('from')} />}
        </Field>
        <Button type="submit" className="md:mt-7" disabled={formState.isSubmitting}>
          {t('plans.applyPrice')}
        </Button>
      </form>
      {outcome && (
        <div className="mt-3">
          <Notice tone={outcome.tone}>{outcome.text}</Notice>
        </div>
      )}
    </Section>
  );
}
