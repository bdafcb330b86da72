/**
 * One plan (GET/PUT /backend/admin/plans/{id}): names and texts per language in tabs, promotion,
 * cycle, trial, contingents, group and level, and the attribute keys of commerce §3 as rows (the
 * known keys offered), one save bar. A field the server refuses (400 data.field) shows at the field
 * (its language tab opened); a stale version (409 PLAN_VERSION_CONFLICT) offers the current plan.
 * Beside the form: "Change price" (new checkouts at once, renewals from a chosen date, subscribers
 * mailed) and "Retire" with a successor.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { LANGUAGES, type LanguageCode } from '@/config/languages';
import { Button } from '@/components/ui/button';
import { formatDate, formatNumber, formatPrice } from '@/lib/formatters';
import { Field, INPUT_CLASS, Notice, PageHeader, SaveBar, Section, TEXTAREA_CLASS, type SaveOutcome } from '../components/fields';
import { adminCalls, type AdminPlan, type AdminPlans } from '../lib/api';
import { errorOf, useConsole } from '../lib/console-context';
import { useAdminI18n } from '../lib/i18n-context';
import { CYCLES, KNOWN_KEYS, TEXT_PREFIXES, formFieldOf, languageOf, planLabel, toDecimal, toFormValues, toMinor, toPlanBody, type PlanFormValues } from './plans-form';


/** Tabs of the six languages: arrow keys, Home and End move between them (WAI-ARIA tabs). */
function LanguageTabs({ active, onChange, label, idPrefix }: { active: LanguageCode; onChange: (lang: LanguageCode) => void; label: string; idPrefix: string }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = LANGUAGES.length - 1;
    const next = event.key === 'ArrowRight' ? index + 1 : event.key === 'ArrowLeft' ? index - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? last : null;
    if (next === null) return;
    event.preventDefault();
    const wrapped = (next + LANGUAGES.length) % LANGUAGES.length;
    const language = LANGUAGES[wrapped];
    if (!language) return;
    onChange(language.code);
    refs.current[wrapped]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="mb-4 flex flex-wrap gap-2">
      {LANGUAGES.map((language, index) => (
        <button
          key={language.code}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${language.code}`}
          aria-controls={`${idPrefix}-panel`}
          aria-selected={active === language.code}
          tabIndex={active === language.code ? 0 : -1}
          lang={language.code}
          onClick={() => onChange(language.code)}
          onKeyDown={(e) => onKey(e, index)}
          className={`rounded-xl px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-accent ${active === language.code ? 'bg-primary text-primary-contrast' : 'border border-border text-text'}`}
        >
          {language.name}
        </button>
      ))}
    </div>
  );
}

function PlanEditor({ plan, all, onSaved, onReload }: { plan: AdminPlan; all: AdminPlans; onSaved: (saved: AdminPlan) => void; onReload: () => void }) {
  const { t, lang } = useAdminI18n();
  const { api } = useConsole();
  const ids = useId();
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [tab, setTab] = useState<LanguageCode>(LANGUAGES.some((l) => l.code === lang) ? lang : 'en');
  const form = useForm<PlanFormValues>({ defaultValues: toFormValues(plan), mode: 'onBlur' });
  const { register, handleSubmit, formState, setError, reset, control } = form;
  const contingents = useFieldArray({ control, name: 'contingents' });
  const attributes = useFieldArray({ control, name: 'attributes' });
  const errors = formState.errors;
  const contingentsError = errors.contingents?.root?.message ?? errors.contingents?.message;
  const groupId = useWatch({ control, name: 'groupId' });
  const group = all.groups.find((g) => g.id === groupId);
  const tabLanguage = LANGUAGES.find((l) => l.code === tab);

  const save = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      onSaved(await adminCalls.savePlan(api, plan.id, toPlanBody(plan, values)));
    } catch (error) {
      const { code, data } = errorOf(error);
      if (code === 'PLAN_VERSION_CONFLICT') {
        setOutcome({ tone: 'error', text: t('plans.conflict'), reload: true });
      } else if (code === 'VALIDATION_ERROR' && typeof data.field === 'string') {
        const reason = typeof data.reason === 'string' ? data.reason : '';
        const field = formFieldOf(data.field, values);
        if (field) {
          const language = languageOf(field);
          if (language) setTab(language);
          setError(field as FieldPath<PlanFormValues>, { type: 'server', message: t('validation.server', { reason }) }, { shouldFocus: true });
        }
        setOutcome({ tone: 'error', text: field ? t('plans.invalid') : t('validation.server', { reason: `${data.field} ${reason}` }) });
      } else {
        setOutcome({ tone: 'error', text: t('plans.actionFailed') });
      }
    }
  });

  const price = formatPrice(plan.price.amount, plan.price.currency, lang);
  return (
    <form noValidate onSubmit={(e) => void save(e)} className="flex flex-col gap-6 pb-28" aria-label={t('plans.editTitle', { name: planLabel(plan, lang) })}>
      <Section title={t('plans.general')}>
        <div className="grid gap-x-6 gap-y-2 md:grid-cols-2">
          <Field label={t('plans.internalName')} error={errors.name?.message}>
            {(f) => <input {...f} className={INPUT_CLASS} {...register('name', { validate: (v) => v.trim() !== '' || t('plans.required') })} />}
          </Field>
          <Field label={t('plans.billingCycle')} hint={t('plans.billingCycleHint')} error={errors.billingCycle?.message}>
            {(f) => (
              <>
                <input {...f} dir="ltr" list={`${ids}-cycles`} className={INPUT_CLASS} {...register('billingCycle', { validate: (v) => /^P\d+[DWMY]$/.test(v.trim()) || t('plans.cycleInvalid') })} />
                <datalist id={`${ids}-cycles`}>
                  {CYCLES.map((c) => (
                    <option key={c} value={c} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
          <Field label={t('plans.group')} error={errors.groupId?.message}>
            {(f) => (
              <select {...f} className={INPUT_CLASS} {...register('groupId')}>
                <option value="">{t('plans.noGroup')}</option>
                {all.groups.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('plans.level')} hint={t('plans.levelHint')} error={errors.level?.message}>
            {(f) => (
              <select {...f} className={INPUT_CLASS} disabled={!group} {...register('level')}>
                {(group?.levels ?? []).map((level, index) => (
                  <option key={index} value={String(index)}>
                    {t('plans.levelWith', { level: formatNumber(index + 1, lang), plans: level.join(', ') })}
                  </option>
                ))}
                <option value={String(group?.levels.length ?? 0)}>{t('plans.newLevel')}</option>
              </select>
            )}
          </Field>
        </div>
      </Section>

      <Section title={t('plans.prices')}>
        <div className="grid gap-x-6 gap-y-2 md:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <p className="text-sm font-semibold">{t('plans.price')}</p>
            <p className="h-11 content-center tabular-nums" data-testid="plan-price-now">
              {price}
            </p>
            <p className="min-h-5 text-sm text-muted">{t('plans.priceHint')}</p>
          </div>
          <Field label={t('plans.promotion', { currency: plan.price.currency })} hint={t('plans.promotionHint')} error={errors.promotion?.message}>
            {(f) => <input {...f} dir="ltr" inputMode="decimal" className={INPUT_CLASS} {...register('promotion', { validate: (v) => v.trim() === '' || toMinor(v) !== null || t('plans.amountInvalid') })} />}
          </Field>
          <Field label={t('plans.trial')} hint={t('plans.trialHint')} error={errors.trial?.message}>
            {(f) => <input {...f} dir="ltr" className={INPUT_CLASS} {...register('trial', { validate: (v) => v.trim() === '' || /^P\d[DMY]$/.test(v.trim()) || t('plans.trialInvalid') })} />}
          </Field>
          <Field label={t('plans.cancelUrl')} error={errors.cancelUrl?.message}>
            {(f) => <input {...f} dir="ltr" className={INPUT_CLASS} {...register('cancelUrl')} />}
          </Field>
          <fieldset className="md:col-span-2">
            <legend className="mb-2 text-sm font-semibold">{t('plans.paymentOptions')}</legend>
            <div className="flex flex-wrap gap-4">
              {all.paymentOptions.map((code) => (
                <label key={code} className="flex items-center gap-2">
                  <input type="checkbox" value={code} className="size-4" {...register('paymentOptions', { validate: (v) => v.length > 0 || t('plans.optionRequired') })} />
                  <span dir="ltr">{code}</span>
                </label>
              ))}
            </div>
            {errors.paymentOptions?.message && (
              <p role="alert" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
                {errors.paymentOptions.message}
              </p>
            )}
          </fieldset>
        </div>
      </Section>

      <Section title={t('plans.contingents')}>
        <p className="mb-3 text-sm text-muted">{t('plans.contingentsHint')}</p>
        {contingentsError && (
          <p role="alert" className="mb-2 text-sm font-medium text-red-700 dark:text-red-300">
            {contingentsError}
          </p>
        )}
        <div className="flex flex-col gap-2">
          {contingents.fields.map((row, index) => (
            <div key={row.id} className="grid items-start gap-x-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]">
              <Field label={t('plans.contentTypes')}>{(f) => <input {...f} dir="ltr" className={INPUT_CLASS} {...register(`contingents.${index}.types`)} />}</Field>
              <Field label={t('plans.amount')} hint={t('plans.amountHint')}>
                {(f) => <input {...f} dir="ltr" inputMode="numeric" className={INPUT_CLASS} {...register(`contingents.${index}.amount`)} />}
              </Field>
              <Button variant="ghost" className="md:mt-7" onClick={() => contingents.remove(index)}>
                {t('plans.remove')}
              </Button>
            </div>
          ))}
        </div>
        <label className="mt-2 flex items-center gap-2">
          <input type="checkbox" className="size-4" {...register('accumulate')} />
          <span>{t('plans.accumulate')}</span>
        </label>
        <Button variant="secondary" className="mt-4" onClick={() => contingents.append({ types: '', amount: '-1' })}>
          {t('plans.addContingent')}
        </Button>
      </Section>

      <Section title={t('plans.texts')}>
        <p className="mb-3 text-sm text-muted">{t('plans.textsHint')}</p>
        <LanguageTabs active={tab} onChange={setTab} label={t('plans.texts')} idPrefix={ids} />
        <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${tab}`} lang={tab} dir={tabLanguage?.dir ?? 'ltr'} className="grid gap-x-6 gap-y-2 md:grid-cols-2">
          {TEXT_PREFIXES.map((prefix) => {
            const error = errors.texts?.[tab]?.[prefix]?.message;
            const long = prefix === 'DISPLAY_SERVICE_DESC_TEXT' || prefix === 'DISPLAY_SERVICE_BULLETS_TEXT' || prefix === 'DISPLAY_SERVICE_INFO_TEXT';
            return (
              <Field key={`${tab}-${prefix}`} label={t(`plans.text.${prefix}`)} hint={<span dir="ltr">{`${prefix}_${tab}`}</span>} error={error} className={long ? 'md:col-span-2' : ''}>
                {(f) => (long ? <textarea {...f} rows={2} className={TEXTAREA_CLASS} {...register(`texts.${tab}.${prefix}`)} /> : <input {...f} className={INPUT_CLASS} {...register(`texts.${tab}.${prefix}`)} />)}
              </Field>
            );
          })}
        </div>
      </Section>

      <Section title={t('plans.attributes')}>
        <p className="mb-3 text-sm text-muted">{t('plans.attributesHint')}</p>
        <datalist id={`${ids}-keys`}>
          {KNOWN_KEYS.map((k) => (
            <option key={k} value={k} />
          ))}
        </datalist>
        <div className="flex flex-col gap-2">
          {attributes.fields.map((row, index) => (
            <div key={row.id} className="grid items-start gap-x-4 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]" data-attribute-row={index}>
              <Field label={t('plans.key')} error={errors.attributes?.[index]?.key?.message}>
                {(f) => <input {...f} dir="ltr" list={`${ids}-keys`} className={INPUT_CLASS} {...register(`attributes.${index}.key`)} />}
              </Field>
              <Field label={t('plans.value')} error={errors.attributes?.[index]?.value?.message}>
                {(f) => <input {...f} className={INPUT_CLASS} {...register(`attributes.${index}.value`)} />}
              </Field>
              <Button variant="ghost" className="md:mt-7" onClick={() => attributes.remove(index)}>
                {t('plans.remove')}
              </Button>
            </div>
          ))}
        </div>
        <Button variant="secondary" className="mt-4" onClick={() => attributes.append({ key: '', value: '' })}>
          {t('plans.addAttribute')}
        </Button>
      </Section>

      <SaveBar
        label={t('plans.saveBar')}
        outcome={outcome}
        status={formState.isDirty ? t('plans.unsaved') : t('plans.clean')}
        reloadLabel={t('plans.loadCurrent')}
        onReload={onReload}
        dirty={formState.isDirty}
        submitting={formState.isSubmitting}
        onDiscard={() => {
          reset();
          setOutcome(null);
        }}
        discardLabel={t('plans.discard')}
        saveLabel={formState.isSubmitting ? t('plans.saving') : t('plans.save')}
      />
    </form>
  );
}

/** The time a datetime-local value names, when it is in the future. */
function futureTime(value: string): Date | null {
  const when = new Date(value);
  return value && !Number.isNaN(when.getTime()) && when.getTime() > Date.now() ? when : null;
}

/** "Change price": the new price sells at once; renewals from the chosen (future) date; subscribers mailed. */
function PriceChange({ plan, onChanged }: { plan: AdminPlan; onChanged: (plan: AdminPlan, notices: number) => void }) {
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
      const changed = await adminCalls.changePlanPrice(api, plan.id, {
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
      else setOutcome({ tone: 'error', text: t('plans.actionFailed') });
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

/** "Retire": sold no more; subscribers renew onto the successor chosen (or keep renewing on it). */
function Retire({ plan, all, onRetired }: { plan: AdminPlan; all: AdminPlans; onRetired: (plan: AdminPlan) => void }) {
  const { t, lang } = useAdminI18n();
  const { api } = useConsole();
  const [successor, setSuccessor] = useState('');
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const candidates = all.plans.filter((p) => p.id !== plan.id && p.state !== 'RETIRED');
  const retire = async () => {
    if (!window.confirm(t('plans.confirmRetire', { name: planLabel(plan, lang) }))) return;
    setBusy(true);
    setOutcome(null);
    try {
      onRetired(await adminCalls.retirePlan(api, plan.id, { version: plan.version, successorId: successor === '' ? null : Number(successor) }));
    } catch (error) {
      const { code } = errorOf(error);
      setOutcome({ tone: 'error', text: code === 'PLAN_VERSION_CONFLICT' ? t('plans.conflict') : t('plans.actionFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title={t('plans.retire')}>
      {plan.state === 'RETIRED' && (
        <div className="mb-3">
          <Notice tone="info">
            {plan.successorId
              ? t('plans.retiredWith', { successor: planLabel(all.plans.find((p) => p.id === plan.successorId) ?? plan, lang) })
              : t('plans.retiredAlone')}
          </Notice>
        </div>
      )}
      <p className="mb-3 text-sm text-muted">{t('plans.retireHint')}</p>
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-successor`} className="text-sm font-semibold">
            {t('plans.successor')}
          </label>
          <select id={`${id}-successor`} className={INPUT_CLASS} value={successor} onChange={(e) => setSuccessor(e.target.value)}>
            <option value="">{t('plans.noSuccessor')}</option>
            {candidates.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {planLabel(p, lang)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" disabled={busy} onClick={() => void retire()}>
          {plan.state === 'RETIRED' ? t('plans.updateRetirement') : t('plans.retireButton')}
        </Button>
      </div>
      {outcome && (
        <div className="mt-3">
          <Notice tone={outcome.tone}>{outcome.text}</Notice>
        </div>
      )}
    </Section>
  );
}

export default function PlanEditPage() {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const params = useParams();
  const id = Number(params.id);
  const queryClient = useQueryClient();
  const key = ['admin', tenant, 'plans', id];
  const listKey = ['admin', tenant, 'plans'];
  const plan = useQuery({ queryKey: key, queryFn: () => adminCalls.plan(api, id), enabled: Number.isInteger(id) && id > 0 });
  const all = useQuery({ queryKey: listKey, queryFn: () => adminCalls.plans(api) });
  const [notice, setNotice] = useState<string | null>(null);
  const update = (saved: AdminPlan, text: string) => {
    queryClient.setQueryData(key, saved);
    void queryClient.invalidateQueries({ queryKey: listKey, exact: true });
    setNotice(text);
  };
  return (
    <>
      <p className="mb-2">
        <Link to="/plans" className="text-sm font-semibold text-primary underline-offset-2 hover:underline">
          {t('plans.back')}
        </Link>
      </p>
      <PageHeader title={plan.data ? t('plans.editTitle', { name: planLabel(plan.data, lang) }) : t('plans.title')} intro={t('plans.editIntro')} />
      {notice && (
        <div className="mb-4">
          <Notice tone="success">{notice}</Notice>
        </div>
      )}
      {plan.isPending || all.isPending ? (
        <p role="status" className="text-muted">
          {t('loading')}
        </p>
      ) : plan.data && all.data ? (
        <div className="flex flex-col gap-6">
          <PriceChange key={`price-${plan.data.version}`} plan={plan.data} onChanged={(p, notices) => update(p, t('plans.priceChanged', { count: notices }))} />
          <Retire key={`retire-${plan.data.version}`} plan={plan.data} all={all.data} onRetired={(p) => update(p, t('plans.retiredDone'))} />
          <PlanEditor
            key={plan.data.version}
            plan={plan.data}
            all={all.data}
            onSaved={(saved) => update(saved, t('plans.saved', { version: formatNumber(saved.version, lang) }))}
            onReload={() => {
              setNotice(null);
              void queryClient.invalidateQueries({ queryKey: key });
            }}
          />
        </div>
      ) : (
        <Notice tone="error">{t('plans.notFound')}</Notice>
      )}
    </>
  );
}
