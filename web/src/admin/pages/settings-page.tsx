/**
 * The tenant's settings (GET/PUT /backend/admin/settings): one form, one save bar, a live preview.
 * A field the server refuses (400 data.field) shows its message at the field; a save on a stale
 * version (409 SETTINGS_VERSION_CONFLICT) says so and offers the current settings.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { LANGUAGES } from '@/config/languages';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS, Notice, PageHeader, SaveBar, Section, TEXTAREA_CLASS, type SaveOutcome } from '../components/fields';
import { adminCalls, type Settings } from '../lib/api';
import { errorOf, useConsole } from '../lib/console-context';
import { useAdminI18n } from '../lib/i18n-context';
import {
  booleanFlags,
  checkColor,
  checkHosts,
  checkLanguages,
  checkOrigins,
  checkRedirectFrom,
  checkRedirectTo,
  checkStyleAddress,
  checkText,
  COLOR_NAMES,
  CURRENCIES,
  entryProblems,
  formFieldOf,
  hexColor,
  isKnownFlag,
  problemText,
  THEMES,
  toFormValues,
  toSettingsBody,
  type SettingsFormValues,
} from '../lib/settings-form';
import { BrandImageUpload } from './settings-brand';
import { EntrySections } from './settings-entries';
import { SettingsPreview } from './settings-preview';

function SettingsEditor({ base, onSaved, onReload }: { base: Settings; onSaved: (saved: Settings) => void; onReload: () => void }) {
  const { t } = useAdminI18n();
  const { api } = useConsole();
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const form = useForm<SettingsFormValues>({ defaultValues: toFormValues(base), mode: 'onBlur', reValidateMode: 'onChange' });
  const { register, handleSubmit, formState, setValue, getValues, setError, clearErrors, reset, control } = form;
  const redirects = useFieldArray({ control, name: 'redirects' });
  const check = problemText(t);
  const errors = formState.errors;
  const colors = useWatch({ control, name: 'colors' });
  const logo = useWatch({ control, name: 'logo' });
  const icon = useWatch({ control, name: 'icon' });
  const displayName = useWatch({ control, name: 'displayName' });
  const flags = Object.keys(booleanFlags(base.features));
  const languages = useWatch({ control, name: 'languages' });
  const defaultLocale = useWatch({ control, name: 'defaultLocale' });
  const languagesHintId = useId();
  // The default language's box stays checked (disabled): the default is chosen among the checked ones.
  const toggleLanguage = (code: string, checked: boolean) => {
    const next = checked ? [...getValues('languages'), code] : getValues('languages').filter((c) => c !== code);
    setValue('languages', next, { shouldDirty: true });
  };
  // After the render that opens the panel holding the field.
  const focusLater = (field: string) => setTimeout(() => form.setFocus(field as FieldPath<SettingsFormValues>));
  const fieldError = (field: string, message: string, type = 'validate') => setError(field as FieldPath<SettingsFormValues>, { type, message });

  const save = handleSubmit(async (values) => {
    setOutcome(null);
    const languagesProblem = checkLanguages(values.languages, values.defaultLocale);
    if (languagesProblem) {
      setError('languages', { type: 'validate', message: t(languagesProblem.key) });
      setOutcome({ tone: 'error', text: t('settings.invalid') });
      return;
    }
    const problems = entryProblems(values);
    if (problems[0]) {
      for (const [field, problem] of problems) fieldError(field, t(problem.key, problem.params));
      focusLater(problems[0][0]);
      setOutcome({ tone: 'error', text: t('settings.invalid') });
      return;
    }
    try {
      const saved = await adminCalls.saveSettings(api, toSettingsBody(base, values));
      onSaved(saved);
    } catch (error) {
      const { code, data } = errorOf(error);
      if (code === 'SETTINGS_VERSION_CONFLICT') {
        setOutcome({ tone: 'error', text: t('settings.conflict', { version: typeof data.version === 'number' ? data.version : '?' }), reload: true });
      } else if (code === 'HOST_TAKEN') {
        setError('hosts', { type: 'server', message: t('settings.hostTaken') }, { shouldFocus: true });
        setOutcome({ tone: 'error', text: t('settings.invalid') });
      } else if (code === 'VALIDATION_ERROR' && typeof data.field === 'string') {
        const reason = typeof data.reason === 'string' ? data.reason : '';
        const field = formFieldOf(data.field, values);
        if (field) {
          fieldError(field, t('validation.server', { reason }), 'server');
          focusLater(field);
        }
        setOutcome({ tone: 'error', text: field ? t('settings.invalid') : t('validation.server', { reason: `${data.field} ${reason}` }) });
      } else {
        setOutcome({ tone: 'error', text: t('loadFailed') });
      }
    }
  });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        clearErrors();  // messages set on save (a text's words, the server's) until the next save
        void save(e);
      }}
      className="flex flex-col gap-6 pb-28"
    >
      <Section title={t('settings.general')}>
        <div className="grid grid-cols-1 gap-x-6 gap-y-2 md:grid-cols-2">
          <Field label={t('settings.displayName')} error={errors.displayName?.message}>
            {(ids) => <input {...ids} className={INPUT_CLASS} {...register('displayName', { validate: (v) => check(checkText(v, 80, true)) })} />}
          </Field>
          <Field label={t('settings.hosts')} hint={t('settings.hostsHint')} error={errors.hosts?.message}>
            {(ids) => <textarea {...ids} dir="ltr" rows={2} className={TEXTAREA_CLASS} {...register('hosts', { validate: (v) => check(checkHosts(v)) })} />}
          </Field>
          <Field label={t('settings.defaultLocale')} error={errors.defaultLocale?.message}>
            {(ids) => (
              <select {...ids} className={INPUT_CLASS} {...register('defaultLocale')}>
                {LANGUAGES.filter((language) => languages.includes(language.code)).map((language) => (
                  <option key={language.code} value={language.code} lang={language.code}>
                    {language.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('settings.currency')} hint={t('settings.currencyHint')}>
            {(ids) => (
              <select {...ids} dir="ltr" className={INPUT_CLASS} {...register('currency')}>
                {base.settings.currency === undefined && <option value="">—</option>}
                {CURRENCIES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <fieldset className="md:col-span-2" aria-describedby={languagesHintId}>
            <legend className="mb-1 text-sm font-semibold">{t('settings.languages')}</legend>
            <p id={languagesHintId} className="mb-2 text-sm text-muted">
              {t('settings.languagesHint')}
            </p>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {LANGUAGES.map((language) => (
                <label key={language.code} className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-[var(--color-primary)]"
                    checked={languages.includes(language.code)}
                    disabled={language.code === defaultLocale}
                    onChange={(e) => toggleLanguage(language.code, e.target.checked)}
                  />
                  <span lang={language.code} dir={language.dir}>
                    {language.name}
                  </span>
                </label>
              ))}
            </div>
            {errors.languages?.message ? (
              <p role="alert" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
                {errors.languages.message}
              </p>
            ) : null}
          </fieldset>
          <Field label={t('settings.defaultTheme')} error={errors.defaultTheme?.message}>
            {(ids) => (
              <select {...ids} className={INPUT_CLASS} {...register('defaultTheme')}>
                <option value="light">{t('settings.themeLight')}</option>
                <option value="dark">{t('settings.themeDark')}</option>
              </select>
            )}
          </Field>
          <div className="flex min-w-0 flex-col gap-2">
            <Field label={t('settings.logo')} hint={t('settings.logoHint')} error={errors.logo?.message}>
              {(ids) => <input {...ids} dir="ltr" className={INPUT_CLASS} {...register('logo', { validate: (v) => check(checkStyleAddress(v)) })} />}
            </Field>
            <BrandImageUpload purpose="logo" label={t('settings.logo')} onMade={(image) => setValue('logo', image.media, { shouldDirty: true, shouldValidate: true })} />
          </div>
          <div className="flex min-w-0 flex-col gap-2">
            <Field label={t('settings.icon')} hint={t('settings.iconHint')} error={errors.icon?.message}>
              {(ids) => (
                <div className="flex items-center gap-2">
                  {icon ? <img src={icon} alt="" width={44} height={44} className="size-11 shrink-0 rounded-lg border border-border object-cover" /> : null}
                  <input {...ids} dir="ltr" className={`${INPUT_CLASS} min-w-0 flex-1`} {...register('icon', { validate: (v) => check(checkStyleAddress(v)) })} />
                </div>
              )}
            </Field>
            <BrandImageUpload purpose="icon" label={t('settings.icon')} onMade={(image) => setValue('icon', image.media, { shouldDirty: true, shouldValidate: true })} />
          </div>
          <Field label={t('settings.customStyle')} hint={t('settings.customStyleHint')} error={errors.customStyle?.message}>
            {(ids) => <input {...ids} dir="ltr" className={INPUT_CLASS} {...register('customStyle', { validate: (v) => check(checkStyleAddress(v)) })} />}
          </Field>
          <Field label={t('settings.allowedOrigins')} hint={t('settings.allowedOriginsHint')} error={errors.allowedOrigins?.message} className="md:col-span-2">
            {(ids) => <textarea {...ids} dir="ltr" rows={2} className={TEXTAREA_CLASS} {...register('allowedOrigins', { validate: (v) => check(checkOrigins(v)) })} />}
          </Field>
        </div>
      </Section>

      <Section title={t('settings.colors')}>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          {THEMES.map((theme) => (
            <fieldset key={theme} className="grid min-w-0 grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
              <legend className="mb-2 font-semibold">{t(theme === 'light' ? 'settings.colorsLight' : 'settings.colorsDark')}</legend>
              {COLOR_NAMES.map((name) => {
                const path = `colors.${theme}.${name}` as const;
                const label = t(`settings.colorNames.${name}`);
                return (
                  <Field key={name} label={label} error={errors.colors?.[theme]?.[name]?.message}>
                    {(ids) => (
                      <div className="flex items-center gap-2">
                        <input
                          type="color"
                          aria-label={t('settings.colorPicker', { name: label })}
                          className="h-11 w-12 shrink-0 cursor-pointer rounded-lg border border-border bg-bg p-1"
                          value={hexColor(colors[theme][name]) ?? '#000000'}
                          onChange={(e) => setValue(path, e.target.value, { shouldDirty: true, shouldValidate: true })}
                        />
                        <input {...ids} dir="ltr" className={`${INPUT_CLASS} min-w-0 flex-1`} {...register(path, { validate: (v) => check(checkColor(v)) })} />
                      </div>
                    )}
                  </Field>
                );
              })}
            </fieldset>
          ))}
        </div>
      </Section>

      <Section title={t('settings.preview')}>
        <p className="mb-4 text-sm text-muted">{t('settings.previewIntro')}</p>
        <SettingsPreview colors={colors} logo={logo} name={displayName} />
      </Section>

      <Section title={t('settings.features')}>
        {flags.length === 0 ? (
          <p className="text-muted">{t('settings.featuresEmpty')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {flags.map((flag) => (
              <li key={flag}>
                <label data-flag={flag} className="flex h-full cursor-pointer items-start gap-3 rounded-xl border border-border px-3 py-2">
                  <input type="checkbox" role="switch" className="mt-0.5 size-5 shrink-0 accent-[var(--color-primary)]" {...register(`flags.${flag}`)} />
                  <span className="flex min-w-0 flex-col gap-0.5">
                    <span className="font-semibold">{isKnownFlag(flag) ? t(`settings.flagNames.${flag}`) : flag}</span>
                    {isKnownFlag(flag) && (
                      <>
                        <span className="text-sm text-muted">{t(`settings.flagHints.${flag}`)}</span>
                        <span dir="ltr" className="font-mono text-xs text-muted">
                          {flag}
                        </span>
                      </>
                    )}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('settings.disclaimer')}>
        <p className="mb-4 text-sm text-muted">{t('settings.disclaimerIntro')}</p>
        <label className="mb-4 flex cursor-pointer items-center gap-3">
          <input type="checkbox" role="switch" className="size-5 accent-[var(--color-primary)]" {...register('disclaimer.enabled')} />
          <span>{t('settings.disclaimerEnabled')}</span>
        </label>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {LANGUAGES.map((language) => (
            <Field key={language.code} label={t('settings.disclaimerText', { language: language.name })} error={errors.disclaimer?.text?.[language.code]?.message}>
              {(ids) => <textarea {...ids} dir={language.dir} rows={3} className={TEXTAREA_CLASS} {...register(`disclaimer.text.${language.code}`, { validate: (value) => check(checkText(value, 500, false)) })} />}
            </Field>
          ))}
        </div>
      </Section>

      <EntrySections form={form} />

      <Section title={t('settings.redirects')}>
        <p className="mb-4 text-sm text-muted">{t('settings.redirectsIntro')}</p>
        {redirects.fields.length === 0 && <p className="mb-4 text-muted">{t('settings.redirectsEmpty')}</p>}
        <ol className="flex flex-col gap-3">
          {redirects.fields.map((row, index) => (
            <li key={row.id}>
              <fieldset className="grid min-w-0 grid-cols-1 items-start gap-x-4 rounded-xl border border-border p-3 md:grid-cols-[1fr_1fr_auto_auto]">
                <legend className="px-1 text-sm font-semibold">{t('settings.redirectRule', { number: index + 1 })}</legend>
                <Field label={t('settings.redirectFrom')} error={errors.redirects?.[index]?.from?.message}>
                  {(ids) => <input {...ids} dir="ltr" placeholder="/old-path" className={INPUT_CLASS} {...register(`redirects.${index}.from`, { validate: () => check(checkRedirectFrom(getValues('redirects'), index)) })} />}
                </Field>
                <Field label={t('settings.redirectTo')} error={errors.redirects?.[index]?.to?.message}>
                  {(ids) => <input {...ids} dir="ltr" placeholder="/new-path" className={INPUT_CLASS} {...register(`redirects.${index}.to`, { validate: () => check(checkRedirectTo(getValues('redirects'), index)) })} />}
                </Field>
                <label className="flex h-11 items-center gap-2 md:mt-7">
                  <input type="checkbox" className="size-5" {...register(`redirects.${index}.permanent`)} />
                  <span className="text-sm">{t('settings.redirectPermanent')}</span>
                </label>
                <Button variant="ghost" className="md:mt-7" onClick={() => redirects.remove(index)}>
                  {t('settings.removeRedirect', { number: index + 1 })}
                </Button>
              </fieldset>
            </li>
          ))}
        </ol>
        <Button variant="secondary" className="mt-4" onClick={() => redirects.append({ from: '', to: '', permanent: false })}>
          {t('settings.addRedirect')}
        </Button>
      </Section>

      <SaveBar
        label={t('settings.saveBar')}
        outcome={outcome}
        status={formState.isDirty ? t('settings.saveBar') : t('settings.saveBarClean')}
        reloadLabel={t('settings.loadCurrent')}
        onReload={onReload}
        dirty={formState.isDirty}
        submitting={formState.isSubmitting}
        onDiscard={() => {
          reset();
          setOutcome(null);
        }}
        discardLabel={t('settings.discard')}
        saveLabel={formState.isSubmitting ? t('settings.saving') : t('settings.save')}
      />
    </form>
  );
}

export default function SettingsPage() {
  const { t } = useAdminI18n();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const key = ['admin', tenant, 'settings'];
  const settings = useQuery({ queryKey: key, queryFn: () => adminCalls.settings(api) });
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  return (
    <>
      <PageHeader title={t('settings.title')} intro={t('settings.intro')} />
      {savedVersion !== null && (
        <div className="mb-4">
          <Notice tone="success">{t('settings.saved', { version: savedVersion })}</Notice>
        </div>
      )}
      {settings.isPending ? (
        <p role="status" className="text-muted">{t('loading')}</p>
      ) : settings.data ? (
        <SettingsEditor
          key={settings.data.version}
          base={settings.data}
          onSaved={(saved) => {
            queryClient.setQueryData(key, saved);
            setSavedVersion(saved.version);
          }}
          onReload={() => {
            setSavedVersion(null);
            void queryClient.invalidateQueries({ queryKey: key });
          }}
        />
      ) : (
        <Notice tone="error">{t('loadFailed')}</Notice>
      )}
    </>
  );
}
