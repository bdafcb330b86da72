/** The settings' general part: the tenant's name, hosts, languages, currency, theme, brand images, style, origins and partner address. */
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { LANGUAGES } from '@/config/languages';
import { Field, INPUT_CLASS, Section, TEXTAREA_CLASS } from '@/admin/components/fields';
import { ImageThumbnail, ImageUpload } from '@/admin/components/image-upload';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { ImageUploadMessages } from '@/admin/lib/media-job';
import type { Settings } from '../settings-api';
import { CURRENCIES } from '../settings-form';
import type { SettingsForm } from '../settings-form-state';

/** A brand upload's messages (purpose logo or icon: the job's WebP sizes; docs/decisions.md "Brand images"). */
const BRAND_MESSAGES: ImageUploadMessages = {
  upload: 'settings.uploadImage',
  sending: 'settings.brandSending',
  making: 'settings.brandMaking',
  ready: 'settings.brandReady',
  refused: 'settings.brandRefused',
  failed: 'settings.brandFailed',
};

export function GeneralSection({ form, base }: { form: SettingsForm; base: Settings }) {
  const { t } = useAdminI18n();
  const { register, setValue, getValues, control, formState } = form;
  const errors = formState.errors;
  const icon = useWatch({ control, name: 'icon' });
  const logo = useWatch({ control, name: 'logo' });
  const languages = useWatch({ control, name: 'languages' });
  const defaultLocale = useWatch({ control, name: 'defaultLocale' });
  const languagesHintId = useId();
  // The default language's box stays checked (disabled): the default is chosen among the checked ones.
  const toggleLanguage = (code: string, checked: boolean) => {
    const next = checked ? [...getValues('languages'), code] : getValues('languages').filter((c) => c !== code);
    setValue('languages', next, { shouldDirty: true });
  };
  return (
    <Section title={t('settings.general')}>
      <div className="grid grid-cols-1 gap-x-6 gap-y-2 md:grid-cols-2">
        <Field label={t('settings.displayName')} error={errors.displayName?.message}>
          {(ids) => <input {...ids} className={INPUT_CLASS} {...register('displayName')} />}
        </Field>
        <Field label={t('settings.hosts')} hint={t('settings.hostsHint')} error={errors.hosts?.message}>
          {(ids) => <textarea {...ids} dir="ltr" rows={2} className={TEXTAREA_CLASS} {...register('hosts')} />}
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
          {/* The current image beside its field (issue 73 item 6), as it is now in the form: typed or uploaded. */}
          <Field label={t('settings.logo')} hint={t('settings.logoHint')} error={errors.logo?.message}>
            {(ids) => (
              <div className="flex items-center gap-2">
                <ImageThumbnail src={logo} alt={t('settings.currentImage', { label: t('settings.logo') })} className="h-11 w-24 object-contain p-1" />
                <input {...ids} dir="ltr" className={`${INPUT_CLASS} min-w-0 flex-1`} {...register('logo')} />
              </div>
            )}
          </Field>
          <ImageUpload purpose="logo" resumeKey="brand:logo" label={t('settings.logo')} messages={BRAND_MESSAGES} inputData={{ 'data-brand-upload': 'logo' }} onMade={(image) => setValue('logo', image.media, { shouldDirty: true, shouldValidate: true })} />
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <Field label={t('settings.icon')} hint={t('settings.iconHint')} error={errors.icon?.message}>
            {(ids) => (
              <div className="flex items-center gap-2">
                <ImageThumbnail src={icon} alt={t('settings.currentImage', { label: t('settings.icon') })} className="size-11 object-cover" />
                <input {...ids} dir="ltr" className={`${INPUT_CLASS} min-w-0 flex-1`} {...register('icon')} />
              </div>
            )}
          </Field>
          <ImageUpload purpose="icon" resumeKey="brand:icon" label={t('settings.icon')} messages={BRAND_MESSAGES} inputData={{ 'data-brand-upload': 'icon' }} onMade={(image) => setValue('icon', image.media, { shouldDirty: true, shouldValidate: true })} />
        </div>
        <Field label={t('settings.customStyle')} hint={t('settings.customStyleHint')} error={errors.customStyle?.message}>
          {(ids) => <input {...ids} dir="ltr" className={INPUT_CLASS} {...register('customStyle')} />}
        </Field>
        <Field label={t('settings.allowedOrigins')} hint={t('settings.allowedOriginsHint')} error={errors.allowedOrigins?.message} className="md:col-span-2">
          {(ids) => <textarea {...ids} dir="ltr" rows={2} className={TEXTAREA_CLASS} {...register('allowedOrigins')} />}
        </Field>
        <Field label={t('settings.partnerLoginOptionsUrl')} hint={t('settings.partnerLoginOptionsUrlHint')} error={errors.partnerLoginOptionsUrl?.message} className="md:col-span-2">
          {(ids) => <input {...ids} dir="ltr" type="url" inputMode="url" className={INPUT_CLASS} {...register('partnerLoginOptionsUrl')} />}
        </Field>
      </div>
    </Section>
  );
}
