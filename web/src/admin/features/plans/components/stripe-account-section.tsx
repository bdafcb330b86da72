/**
 * The tenant's Stripe account (issue 51; docs/decisions.md "Stripe"), above the payment options: the keys
 * from Stripe's dashboard, the webhook endpoint to add there, and whether the account is in test or live
 * mode. The secrets are sealed by the server and never come back: the form shows their last four characters,
 * and a secret field left empty keeps the stored one (a new value rotates it; a replaced webhook secret keeps
 * verifying for a day). Admins and owners change it; a saved account makes "stripe" a provider choice below.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { Field, INPUT_CLASS, Notice, Section } from '@/admin/components/fields';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { failureText } from '@/admin/lib/failure-text';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { Outcome } from '@/admin/lib/outcome';
import { atLeastAdmin } from '@/admin/lib/roles';
import { stripeAccountCalls, useStripeAccount, type StripeAccount } from '../stripe-account-api';
import { planKeys } from '../plan-keys';

/** The keys as typed (a secret left empty keeps the stored one). */
type KeysForm = Record<'publishableKey' | 'secretKey' | 'webhookSecret', string>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function StripeAccountSection() {
  const { t } = useAdminI18n();
  const { me } = useConsole();
  // An editor, support or finance member may not read the account: say so instead of asking (a 403 spun, issue 73 item 6).
  const mayRead = atLeastAdmin(me.role);
  const account = useStripeAccount(mayRead);
  return (
    <Section title={t('stripe.title')} className="mt-6">
      <p className="mb-4 max-w-3xl text-muted">{t('stripe.intro')}</p>
      {!mayRead && <p className="text-muted" data-testid="stripe-admins-only">{t('stripe.adminsOnly')}</p>}
      {mayRead && account.isPending && <p role="status">{t('loading')}</p>}
      {account.isError && <Notice tone="error">{errorOf(account.error).status === 403 ? t('stripe.adminsOnly') : failureText(t, account.error)}</Notice>}
      {account.data && <StripeAccountForm account={account.data} mayChange={atLeastAdmin(me.role)} />}
    </Section>
  );
}

function ModeBadge({ mode }: { mode: string }) {
  const { t } = useAdminI18n();
  const live = mode === 'live';
  return (
    <span className={`rounded-full border px-2.5 py-0.5 text-sm font-semibold ${live ? 'border-green-700 text-green-800 dark:border-green-400 dark:text-green-200' : 'border-amber-700 text-amber-900 dark:border-amber-400 dark:text-amber-200'}`}>
      {t(live ? 'stripe.live' : 'stripe.test')}
    </span>
  );
}

function StripeAccountForm({ account, mayChange }: { account: StripeAccount; mayChange: boolean }) {
  const { t } = useAdminI18n();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm<KeysForm>({ defaultValues: { publishableKey: account.publishableKey ?? '', secretKey: '', webhookSecret: '' } });
  const { errors, isSubmitting } = form.formState;

  const save = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await stripeAccountCalls.save(api, {
        publishableKey: values.publishableKey.trim(),
        ...(values.secretKey.trim() !== '' ? { secretKey: values.secretKey.trim() } : {}),
        ...(values.webhookSecret.trim() !== '' ? { webhookSecret: values.webhookSecret.trim() } : {}),
        ...(account.version != null ? { version: account.version } : {}),
      });
      form.reset({ publishableKey: values.publishableKey.trim(), secretKey: '', webhookSecret: '' });
      await queryClient.invalidateQueries({ queryKey: planKeys.everything(tenant) });
      setOutcome({ tone: 'success', text: t('stripe.saved') });
    } catch (error) {
      const { code, data } = errorOf(error);
      const field = text(data.field);
      if (code === 'VALIDATION_ERROR' && (field === 'publishableKey' || field === 'secretKey' || field === 'webhookSecret'))
        form.setError(field, { message: text(data.reason) || t('stripe.invalid') });
      else setOutcome({ tone: 'error', text: code === 'PAYMENT_ACCOUNT_VERSION_CONFLICT' ? t('stripe.conflict') : failureText(t, error) });
    }
  });
  const remove = async () => {
    if (!window.confirm(t('stripe.confirmRemove'))) return;
    setOutcome(null);
    try {
      await stripeAccountCalls.remove(api);
      await queryClient.invalidateQueries({ queryKey: planKeys.everything(tenant) });
      setOutcome({ tone: 'success', text: t('stripe.removed') });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorOf(error).code === 'PAYMENT_PROVIDER_IN_USE' ? t('stripe.inUse') : failureText(t, error) });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="flex flex-wrap items-center gap-3">
        {account.configured && account.mode ? <ModeBadge mode={account.mode} /> : <span className="text-muted">{t('stripe.notConfigured')}</span>}
        {account.configured && (
          <span className="text-sm text-muted">
            {t('stripe.secretHint')} <Ltr>{account.secretKeyHint ?? ''}</Ltr> · {t('stripe.webhookHint')} <Ltr>{account.webhookSecretHint ?? ''}</Ltr>
          </span>
        )}
      </p>
      <div className="rounded-xl border border-border bg-bg px-4 py-3 text-sm">
        <p className="font-semibold">{t('stripe.endpoint')}</p>
        <p className="break-all">
          <Ltr>{account.webhookUrl}</Ltr>
        </p>
        <p className="mt-2 text-muted">{t('stripe.events', { count: account.events.length })}</p>
        <p className="break-words">
          <Ltr>{account.events.join(', ')}</Ltr>
        </p>
      </div>
      {mayChange && (
        <form onSubmit={(e) => void save(e)} className="grid min-w-0 gap-4 md:grid-cols-3" noValidate>
          <Field label={t('stripe.publishableKey')} hint={t('stripe.publishableKeyHint')} error={errors.publishableKey?.message}>
            {(ids) => <input {...ids} dir="ltr" autoComplete="off" className={INPUT_CLASS} {...form.register('publishableKey', { required: t('stripe.required') })} />}
          </Field>
          <Field label={t('stripe.secretKey')} hint={t(account.configured ? 'stripe.keepHint' : 'stripe.secretKeyHint')} error={errors.secretKey?.message}>
            {(ids) => <input {...ids} dir="ltr" type="password" autoComplete="new-password" className={INPUT_CLASS} {...form.register('secretKey', { required: account.configured ? false : t('stripe.required') })} />}
          </Field>
          <Field label={t('stripe.webhookSecret')} hint={t(account.configured ? 'stripe.keepHint' : 'stripe.webhookSecretHint')} error={errors.webhookSecret?.message}>
            {(ids) => <input {...ids} dir="ltr" type="password" autoComplete="new-password" className={INPUT_CLASS} {...form.register('webhookSecret', { required: account.configured ? false : t('stripe.required') })} />}
          </Field>
          <div className="flex flex-wrap gap-3 md:col-span-3">
            <Button type="submit" disabled={isSubmitting}>
              {t('stripe.save')}
            </Button>
            {account.configured && (
              <Button type="button" variant="secondary" disabled={isSubmitting} onClick={() => void remove()}>
                {t('stripe.remove')}
              </Button>
            )}
          </div>
        </form>
      )}
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
    </div>
  );
}
