/**
 * The tenant's mobile operator through GSMA Open Gateway's CAMARA APIs (issue 75; docs/operations.md "A tenant's
 * CAMARA operator"), above the payment options: where the operator's APIs are, the client it registered for the
 * tenant and its secret (a PEM private key for private_key_jwt, or a shared secret), the merchant identifier and
 * currency of its charges, one or two steps, and whether its network signs subscribers in (Number Verification).
 * The secret is sealed by the server and never comes back; left empty it keeps the stored one. The server asks the
 * operator for a token before it saves new credentials. A saved operator makes "camara" a provider choice below.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { Field, INPUT_CLASS, Notice, SELECT_CLASS, Section, TEXTAREA_CLASS } from '@/admin/components/fields';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { failureText } from '@/admin/lib/failure-text';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { Outcome } from '@/admin/lib/outcome';
import { atLeastAdmin } from '@/admin/lib/roles';
import { camaraAccountCalls, useCamaraAccount, type CamaraAccount } from '../camara-account-api';
import { camaraBodyOf, camaraFormOf, type CamaraForm } from '../camara-account-form';
import { planKeys } from '../plan-keys';

const FIELDS = ['operatorName', 'apiRoot', 'issuer', 'clientId', 'clientSecret', 'merchantIdentifier', 'currency', 'steps'] as const;
type FieldName = (typeof FIELDS)[number];
const isField = (name: string): name is FieldName => (FIELDS as readonly string[]).includes(name);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function CamaraAccountSection({ currency = 'EUR' }: { currency?: string }) {
  const { t } = useAdminI18n();
  const { me } = useConsole();
  const mayRead = atLeastAdmin(me.role);
  const account = useCamaraAccount(mayRead);
  return (
    <Section title={t('camara.title')} className="mt-6">
      <p className="mb-4 max-w-3xl text-muted">{t('camara.intro')}</p>
      {!mayRead && <p className="text-muted" data-testid="camara-admins-only">{t('camara.adminsOnly')}</p>}
      {mayRead && account.isPending && <p role="status">{t('loading')}</p>}
      {account.isError && <Notice tone="error">{errorOf(account.error).status === 403 ? t('camara.adminsOnly') : failureText(t, account.error)}</Notice>}
      {account.data && <CamaraAccountForm account={account.data} currency={currency} />}
    </Section>
  );
}

function CamaraAccountForm({ account, currency }: { account: CamaraAccount; currency: string }) {
  const { t } = useAdminI18n();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm<CamaraForm>({ defaultValues: camaraFormOf(account, currency) });
  const { errors, isSubmitting } = form.formState;
  const required = { required: t('camara.required') };

  const save = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const saved = await camaraAccountCalls.save(api, camaraBodyOf(values, account.version));
      form.reset(camaraFormOf(saved, currency));
      await queryClient.invalidateQueries({ queryKey: planKeys.everything(tenant) });
      setOutcome({ tone: 'success', text: t('camara.saved') });
    } catch (error) {
      const { code, data } = errorOf(error);
      const field = text(data.field);
      if (code === 'VALIDATION_ERROR' && isField(field)) form.setError(field, { message: text(data.reason) || t('camara.invalid') });
      else setOutcome({ tone: 'error', text: code === 'PAYMENT_ACCOUNT_VERSION_CONFLICT' ? t('camara.conflict') : failureText(t, error) });
    }
  });
  const remove = async () => {
    if (!window.confirm(t('camara.confirmRemove'))) return;
    setOutcome(null);
    try {
      await camaraAccountCalls.remove(api);
      await queryClient.invalidateQueries({ queryKey: planKeys.everything(tenant) });
      setOutcome({ tone: 'success', text: t('camara.removed') });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorOf(error).code === 'PAYMENT_PROVIDER_IN_USE' ? t('camara.inUse') : failureText(t, error) });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="flex flex-wrap items-center gap-3 text-sm">
        {account.configured ? (
          <span data-testid="camara-configured">
            <bdi>{account.operatorName}</bdi> · {t('camara.secretHint')} <Ltr>{account.clientSecretHint ?? ''}</Ltr> ·{' '}
            {t(account.authMethod === 'private_key_jwt' ? 'camara.privateKeyJwt' : 'camara.clientSecretJwt')}
          </span>
        ) : (
          <span className="text-muted">{t('camara.notConfigured')}</span>
        )}
      </p>
      <div className="rounded-xl border border-border bg-bg px-4 py-3 text-sm">
        <p className="font-semibold">{t('camara.sink')}</p>
        <p className="break-all">{account.sinkUrl ? <Ltr>{account.sinkUrl}</Ltr> : <span className="text-muted">{t('camara.noSink')}</span>}</p>
        <p className="mt-2 font-semibold">{t('camara.redirectUri')}</p>
        <p className="break-all">
          <Ltr>{account.redirectUri}</Ltr>
        </p>
      </div>
      <form onSubmit={(e) => void save(e)} className="grid min-w-0 gap-4 md:grid-cols-2" noValidate>
        <Field label={t('camara.operatorName')} hint={t('camara.operatorNameHint')} error={errors.operatorName?.message}>
          {(ids) => <input {...ids} autoComplete="off" className={INPUT_CLASS} {...form.register('operatorName', required)} />}
        </Field>
        <Field label={t('camara.apiRoot')} hint={t('camara.apiRootHint')} error={errors.apiRoot?.message}>
          {(ids) => <input {...ids} dir="ltr" type="url" autoComplete="off" className={INPUT_CLASS} {...form.register('apiRoot', required)} />}
        </Field>
        <Field label={t('camara.issuer')} hint={t('camara.issuerHint')} error={errors.issuer?.message}>
          {(ids) => <input {...ids} dir="ltr" type="url" autoComplete="off" className={INPUT_CLASS} {...form.register('issuer')} />}
        </Field>
        <Field label={t('camara.clientId')} error={errors.clientId?.message}>
          {(ids) => <input {...ids} dir="ltr" autoComplete="off" className={INPUT_CLASS} {...form.register('clientId', required)} />}
        </Field>
        <Field label={t('camara.clientSecret')} hint={t(account.configured ? 'camara.keepHint' : 'camara.clientSecretHint')} error={errors.clientSecret?.message} className="md:col-span-2">
          {(ids) => (
            <textarea {...ids} dir="ltr" rows={3} autoComplete="off" spellCheck={false} className={`${TEXTAREA_CLASS} font-mono`}
              {...form.register('clientSecret', { required: account.configured ? false : t('camara.required') })} />
          )}
        </Field>
        <Field label={t('camara.merchantIdentifier')} hint={t('camara.merchantIdentifierHint')} error={errors.merchantIdentifier?.message}>
          {(ids) => <input {...ids} dir="ltr" autoComplete="off" className={INPUT_CLASS} {...form.register('merchantIdentifier', required)} />}
        </Field>
        <Field label={t('camara.currency')} hint={t('camara.currencyHint')} error={errors.currency?.message}>
          {(ids) => <input {...ids} dir="ltr" maxLength={3} autoComplete="off" className={`${INPUT_CLASS} uppercase`} {...form.register('currency', required)} />}
        </Field>
        <Field label={t('camara.steps')} hint={t('camara.stepsHint')} error={errors.steps?.message}>
          {(ids) => (
            <select {...ids} className={SELECT_CLASS} {...form.register('steps')}>
              <option value="2">{t('camara.twoSteps')}</option>
              <option value="1">{t('camara.oneStep')}</option>
            </select>
          )}
        </Field>
        <label className="flex items-start gap-3 self-center">
          <input type="checkbox" className="mt-1 size-4" {...form.register('numberVerification')} />
          <span>
            <span className="font-semibold">{t('camara.numberVerification')}</span>
            <span className="block text-sm text-muted">{t('camara.numberVerificationHint')}</span>
          </span>
        </label>
        <div className="flex flex-wrap gap-3 md:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            {t(isSubmitting ? 'camara.checking' : 'camara.save')}
          </Button>
          {account.configured && (
            <Button type="button" variant="secondary" disabled={isSubmitting} onClick={() => void remove()}>
              {t('camara.remove')}
            </Button>
          )}
        </div>
      </form>
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
    </div>
  );
}
