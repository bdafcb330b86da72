/**
 * A plan's form: names, texts and bullet points (a list) per language in tabs, promotion, cycle, trial, credits
 * (content types picked by name), group and level, and the other attribute keys of commerce §3 as rows (picked by
 * name), one save bar. A field the server refuses (400 data.field) shows at the field (its language tab opened);
 * a stale version (409 PLAN_VERSION_CONFLICT) offers the current plan.
 */
import { useId, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { LANGUAGES, type LanguageCode } from '@/config/languages';
import { Button } from '@/components/ui/button';
import { formatNumber, formatPrice } from '@/lib/formatters';
import { Field, INPUT_CLASS, SaveBar, Section, TEXTAREA_CLASS } from '@/admin/components/fields';
import { LanguageTabs } from '@/admin/components/language-tabs';
import { ListEditor } from '@/admin/components/list-editor';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { contentTypeChoices, CREDIT_TYPE_CODES } from '@/admin/lib/content-names';
import { failureText } from '@/admin/lib/failure-text';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { toMinor } from '@/admin/lib/money';
import type { SaveOutcome } from '@/admin/lib/outcome';
import { planCalls, type AdminPlan, type AdminPlans } from '../plans-api';
import { CYCLES, TEXT_PREFIXES, formFieldOf, languageOf, planLabel, toFormValues, toPlanBody, type PlanFormValues } from '../plans-form';
import { AttributeRow } from './attribute-row';

/** `readOnly`: finance reads a plan's texts but does not edit them (issue 73 item 4). */
export function PlanEditor({ plan, all, onSaved, onReload, readOnly = false }: { plan: AdminPlan; all: AdminPlans; onSaved: (saved: AdminPlan) => void; onReload: () => void; readOnly?: boolean }) {
  const { t, lang } = useAdminI18n();
  const { api } = useConsole();
  const ids = useId();
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [tab, setTab] = useState<LanguageCode>(LANGUAGES.some((l) => l.code === lang) ? lang : 'en');
  const form = useForm<PlanFormValues>({ defaultValues: toFormValues(plan), mode: 'onBlur' });
  const { register, handleSubmit, formState, setError, control } = form;
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
      onSaved(await planCalls.save(api, plan.id, toPlanBody(plan, values)));
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
        setOutcome({ tone: 'error', text: failureText(t, error) });
      }
    }
  });

  const price = formatPrice(plan.price.amount, plan.price.currency, lang);
  const saveTexts = { label: t('plans.saveBar'), unsaved: t('plans.unsaved'), clean: t('plans.clean'), reload: t('plans.loadCurrent'), discard: t('plans.discard'), save: t('plans.save'), saving: t('plans.saving') };
  return (
    <form noValidate onSubmit={(e) => void save(e)} className="flex flex-col gap-6 pb-28" aria-label={t('plans.editTitle', { name: planLabel(plan, lang) })}>
      <fieldset disabled={readOnly} className="contents">
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
            <div key={row.id} className="flex flex-col gap-2 rounded-xl border border-border p-3" data-contingent={index}>
              <Controller
                control={control}
                name={`contingents.${index}.types`}
                render={({ field }) => (
                  <fieldset className="min-w-0">
                    <legend className="mb-1 text-sm font-semibold">{t('plans.contentTypes')}</legend>
                    <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
                      {contentTypeChoices(CREDIT_TYPE_CODES, t, field.value).map((choice) => (
                        <label key={choice.value} className="flex min-h-11 items-center gap-3">
                          <input
                            type="checkbox"
                            className="size-5"
                            checked={field.value.includes(choice.value)}
                            onChange={(e) => field.onChange(e.target.checked ? [...field.value, choice.value] : field.value.filter((v) => v !== choice.value))}
                          />
                          {choice.label}
                        </label>
                      ))}
                    </div>
                  </fieldset>
                )}
              />
              <div className="flex flex-wrap items-start gap-x-4">
                <Field label={t('plans.amount')} hint={t('plans.amountHint')}>
                  {(f) => <input {...f} dir="ltr" inputMode="numeric" className={INPUT_CLASS} {...register(`contingents.${index}.amount`)} />}
                </Field>
                <Button variant="ghost" className="mt-7" onClick={() => contingents.remove(index)}>
                  {t('plans.remove')}
                </Button>
              </div>
            </div>
          ))}
        </div>
        <label className="mt-2 flex items-center gap-2">
          <input type="checkbox" className="size-4" {...register('accumulate')} />
          <span>{t('plans.accumulate')}</span>
        </label>
        <Button variant="secondary" className="mt-4" onClick={() => contingents.append({ types: [], amount: '-1' })}>
          {t('plans.addContingent')}
        </Button>
      </Section>

      <Section title={t('plans.texts')}>
        <p className="mb-3 text-sm text-muted">{t('plans.textsHint')}</p>
        <LanguageTabs active={tab} onChange={setTab} label={t('plans.texts')} idPrefix={ids} panelFor={() => `${ids}-panel`} small />
        <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${tab}`} lang={tab} dir={tabLanguage?.dir ?? 'ltr'} className="grid gap-x-6 gap-y-2 md:grid-cols-2">
          {TEXT_PREFIXES.map((prefix) => {
            const error = errors.texts?.[tab]?.[prefix]?.message;
            const long = prefix === 'DISPLAY_SERVICE_DESC_TEXT' || prefix === 'DISPLAY_SERVICE_INFO_TEXT';
            return (
              <Field key={`${tab}-${prefix}`} label={t(`plans.text.${prefix}`)} error={error} className={long ? 'md:col-span-2' : ''}>
                {(f) => (long ? <textarea {...f} rows={2} className={TEXTAREA_CLASS} {...register(`texts.${tab}.${prefix}`)} /> : <input {...f} className={INPUT_CLASS} {...register(`texts.${tab}.${prefix}`)} />)}
              </Field>
            );
          })}
          <div className="md:col-span-2">
            <Controller
              control={control}
              name={`bullets.${tab}`}
              render={({ field }) => <ListEditor key={tab} legend={t('plans.text.DISPLAY_SERVICE_BULLETS_TEXT')} items={field.value} onChange={field.onChange} lang={tab} dir={tabLanguage?.dir ?? 'ltr'} error={errors.bullets?.[tab]?.message} disabled={readOnly} />}
            />
          </div>
        </div>
      </Section>

      <Section title={t('plans.attributes')}>
        <p className="mb-3 text-sm text-muted">{t('plans.attributesHint')}</p>
        <div className="flex flex-col gap-2">
          {attributes.fields.map((row, index) => (
            <AttributeRow key={row.id} index={index} control={control} register={register} errors={errors} onRemove={() => attributes.remove(index)} />
          ))}
        </div>
        <Button variant="secondary" className="mt-4" onClick={() => attributes.append({ key: '', value: '' })}>
          {t('plans.addAttribute')}
        </Button>
      </Section>

      </fieldset>
      {!readOnly && <SaveBar form={form} texts={saveTexts} outcome={outcome} onReload={onReload} onDiscarded={() => setOutcome(null)} />}
    </form>
  );
}
