/**
 * Payment options (GET/PUT/DELETE /backend/admin/payment-options, issue 50): the ways a tenant's plans are
 * paid — a payment provider of this portal under a code the plans name, with the name buyers see in each
 * language. A new tenant adds its first here before its first plan. Admins and owners change them; editors
 * see them. An option a plan offers is not deleted (the server says which plans).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { Field, INPUT_CLASS, Notice, Panel, SELECT_CLASS, Section } from '@/admin/components/fields';
import { TextsByLanguage } from '@/admin/components/texts-by-language';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { failureText } from '@/admin/lib/failure-text';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { Outcome } from '@/admin/lib/outcome';
import { atLeastAdmin } from '@/admin/lib/roles';
import { paymentOptionCalls, usePaymentOptions, type PaymentOption } from '../payment-options-api';
import { planKeys } from '../plan-keys';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function PaymentOptionsSection() {
  const { t, lang } = useAdminI18n();
  const { api, tenant, me } = useConsole();
  const queryClient = useQueryClient();
  const ids = useId();
  const options = usePaymentOptions();
  const mayChange = atLeastAdmin(me.role);
  const [provider, setProvider] = useState('');
  const [code, setCode] = useState('');
  const [names, setNames] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const providers = options.data?.providers ?? [];
  const chosen = provider !== '' ? provider : (providers[0]?.name ?? '');

  const refresh = () => queryClient.invalidateQueries({ queryKey: planKeys.everything(tenant) });
  const add = async (e: SyntheticEvent) => {
    e.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      const name = Object.fromEntries(Object.entries(names).filter(([, v]) => v.trim() !== ''));
      const saved = await paymentOptionCalls.save(api, code, { provider: chosen, name });
      await refresh();
      setCode('');
      setNames({});
      setOutcome({ tone: 'success', text: t('paymentOptions.saved', { code: saved.code }) });
    } catch (error) {
      const { code: errorCode, data } = errorOf(error);
      setOutcome({ tone: 'error', text: errorCode === 'VALIDATION_ERROR' ? t('paymentOptions.invalid', { field: text(data.field), reason: text(data.reason) }) : failureText(t, error) });
    } finally {
      setBusy(false);
    }
  };
  const remove = async (option: PaymentOption) => {
    if (!window.confirm(t('paymentOptions.confirmDelete', { code: option.code }))) return;
    setBusy(true);
    setOutcome(null);
    try {
      await paymentOptionCalls.remove(api, option.code);
      await refresh();
      setOutcome({ tone: 'success', text: t('paymentOptions.deleted', { code: option.code }) });
    } catch (error) {
      const { code: errorCode, data } = errorOf(error);
      setOutcome({ tone: 'error', text: errorCode === 'PAYMENT_OPTION_IN_USE' ? t('paymentOptions.inUse', { plans: text(data.reason) }) : failureText(t, error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title={t('paymentOptions.title')} className="mt-6">
      <p className="mb-4 max-w-3xl text-muted">{t('paymentOptions.intro')}</p>
      {options.isPending && <p role="status">{t('loading')}</p>}
      {options.isError && <Notice tone="error">{t('loadFailed')}</Notice>}
      {options.data?.options.length === 0 && <p className="mb-4">{t('paymentOptions.none')}</p>}
      {options.data && options.data.options.length > 0 && (
        <ul className="mb-4 flex flex-col gap-2">
          {options.data.options.map((option) => (
            <li key={option.code} className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-bg px-4 py-2">
              <span className="font-semibold">{option.name[lang] ?? option.name.en}</span>
              <span className="text-sm text-muted">
                <Ltr>{option.code}</Ltr> · <Ltr>{option.provider}</Ltr> · {t(option.flow === 'WEB' ? 'paymentOptions.flowWeb' : 'paymentOptions.flowApi')}
              </span>
              {mayChange && (
                <Button variant="secondary" className="ms-auto" disabled={busy} onClick={() => void remove(option)}>
                  {t('paymentOptions.delete', { code: option.code })}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayChange && options.data && (
        <Panel title={t('paymentOptions.add')} open={options.data.options.length === 0}>
          <form onSubmit={(e) => void add(e)} className="flex min-w-0 flex-col gap-4">
            <div className="flex min-w-0 flex-col gap-1.5">
              <label htmlFor={`${ids}-provider`} className="text-sm font-semibold">
                {t('paymentOptions.provider')}
              </label>
              <select id={`${ids}-provider`} className={SELECT_CLASS} value={chosen} onChange={(e) => setProvider(e.target.value)}>
                {providers.map((p) => (
                  <option key={p.name} value={p.name}>
                    {p.name} ({t(p.flow === 'WEB' ? 'paymentOptions.flowWeb' : 'paymentOptions.flowApi')})
                  </option>
                ))}
              </select>
            </div>
            <Field label={t('paymentOptions.code')} hint={t('paymentOptions.codeHint')}>
              {(fieldIds) => <input {...fieldIds} dir="ltr" required className={INPUT_CLASS} value={code} onChange={(e) => setCode(e.target.value.toLowerCase())} />}
            </Field>
            <TextsByLanguage legend={t('paymentOptions.nameHint')} label={(language) => t('paymentOptions.nameIn', { language })} values={names} onChange={setNames} requireEnglish />
            <div>
              <Button type="submit" disabled={busy || code === '' || chosen === ''}>
                {t('paymentOptions.save')}
              </Button>
            </div>
          </form>
        </Panel>
      )}
      {outcome && (
        <div className="mt-4">
          <Notice tone={outcome.tone}>{outcome.text}</Notice>
        </div>
      )}
    </Section>
  );
}
