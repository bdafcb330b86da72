/**
 * A plan from an empty form (issue 50): its name, billing cycle, price in the tenant's currency, the payment
 * options it is paid with and the credits it includes, picked by content type. Created through POST
 * /backend/admin/plans (validated as a plans file is), then opened in the editor for its texts. A tenant with
 * no payment option is sent to add one first.
 */
import { useState, type SyntheticEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS, Notice, Panel, SELECT_CLASS } from '@/admin/components/fields';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { failureText } from '@/admin/lib/failure-text';
import { contentTypeName, CREDIT_TYPE_CODES } from '@/admin/lib/content-names';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { toMinor } from '@/admin/lib/money';
import { usePaymentOptions } from '../payment-options-api';
import { planCalls, type AdminPlan } from '../plans-api';
import { CYCLES } from '../plans-form';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function NewPlan({ currency, onCreated }: { currency: string; onCreated: (plan: AdminPlan) => Promise<void> }) {
  const { t, lang } = useAdminI18n();
  const { api } = useConsole();
  const options = usePaymentOptions();
  const [name, setName] = useState('');
  const [cycle, setCycle] = useState<string>('P1M');
  const [price, setPrice] = useState('');
  const [chosenOptions, setChosenOptions] = useState<string[]>([]);
  const [credits, setCredits] = useState<string[]>([]);
  const [amount, setAmount] = useState('');
  /** Unlimited credits: the contingent's amount -1 (commerce §5), chosen here rather than typed (issue 73 item 6). */
  const [unlimited, setUnlimited] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const available = options.data?.options ?? [];
  const minor = toMinor(price);

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    if (minor === null) {
      setProblem(t('plans.amountInvalid'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const plan = await planCalls.create(api, {
        version: 0,
        name: name.trim(),
        billingCycle: cycle,
        price: { amount: minor, currency },
        contingents: credits.length > 0 ? [{ contentTypes: credits, amount: unlimited ? -1 : Number(amount) }] : [],
        accumulateContingent: false,
        requiredIdentityFields: [],
        paymentOptions: chosenOptions,
        attributes: [{ key: `DISPLAY_SERVICE_NAME_TEXT_${lang}`, value: name.trim() }],
      });
      await onCreated(plan);
    } catch (error) {
      const { code, data } = errorOf(error);
      setProblem(code === 'VALIDATION_ERROR' ? t('plans.newInvalid', { field: text(data.field), reason: text(data.reason) }) : failureText(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={t('plans.create')}>
      {available.length === 0 ? (
        <Notice tone="info">{t('plans.needsPaymentOption')}</Notice>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="flex min-w-0 flex-col gap-4">
          {/* Name, cycle and price side by side from md up: each field keeps its line for a hint or an error. */}
          <div className="grid min-w-0 grid-cols-1 gap-x-4 md:grid-cols-3">
            <Field label={t('plans.internalName')}>{(fieldIds) => <input {...fieldIds} required maxLength={120} className={INPUT_CLASS} value={name} onChange={(e) => setName(e.target.value)} />}</Field>
            <Field label={t('plans.billingCycle')}>
              {(fieldIds) => (
                <select {...fieldIds} className={SELECT_CLASS} value={cycle} onChange={(e) => setCycle(e.target.value)}>
                  {CYCLES.map((c) => (
                    <option key={c} value={c}>
                      {t(`plans.cycles.${c}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('plans.startPrice', { currency })} hint={t('plans.startPriceHint')}>
              {(fieldIds) => <input {...fieldIds} required inputMode="decimal" dir="ltr" className={INPUT_CLASS} value={price} onChange={(e) => setPrice(e.target.value)} />}
            </Field>
          </div>
          <fieldset className="flex min-w-0 flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold">{t('plans.paymentOptions')}</legend>
            {available.map((option) => (
              <label key={option.code} className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={chosenOptions.includes(option.code)}
                  onChange={(e) => setChosenOptions(e.target.checked ? [...chosenOptions, option.code] : chosenOptions.filter((c) => c !== option.code))}
                />
                {option.name[lang] ?? option.name.en}
              </label>
            ))}
          </fieldset>
          <fieldset className="flex min-w-0 flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold">{t('plans.creditTypes')}</legend>
            <p className="text-sm text-muted">{t('plans.creditTypesHint')}</p>
            <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
              {CREDIT_TYPE_CODES.map((type) => (
                <label key={type} className="flex min-h-11 items-center gap-3">
                  <input type="checkbox" className="size-5" checked={credits.includes(type)} onChange={(e) => setCredits(e.target.checked ? [...credits, type] : credits.filter((c) => c !== type))} />
                  {contentTypeName(type, t)}
                </label>
              ))}
            </div>
          </fieldset>
          {credits.length > 0 && (
            <div className="flex flex-wrap items-end gap-x-6">
              <Field label={t('plans.creditAmount')}>
                {(fieldIds) => (
                  <input {...fieldIds} required={!unlimited} disabled={unlimited} type="number" min={1} max={100000} inputMode="numeric" className={INPUT_CLASS} value={unlimited ? '' : amount} onChange={(e) => setAmount(e.target.value)} />
                )}
              </Field>
              <label className="mb-6 flex min-h-11 items-center gap-3">
                <input type="checkbox" className="size-5" checked={unlimited} onChange={(e) => setUnlimited(e.target.checked)} />
                {t('plans.creditUnlimited')}
              </label>
            </div>
          )}
          {problem && <Notice tone="error">{problem}</Notice>}
          <div>
            <Button type="submit" disabled={busy || chosenOptions.length === 0}>
              {t('plans.createSubmit')}
            </Button>
          </div>
        </form>
      )}
    </Panel>
  );
}
