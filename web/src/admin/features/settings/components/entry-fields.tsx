/**
 * The fields the named entries are made of: a text per language (LocalTextField), a link, a list's message,
 * rows of links, and an offer (on or off, its texts and link).
 */
import { useFieldArray, useWatch, type FieldPath, type FieldPathByValue } from 'react-hook-form';
import { LANGUAGES } from '@/config/languages';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS, TEXTAREA_CLASS } from '@/admin/components/fields';
import { ImageThumbnail } from '@/admin/components/image-upload';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { localText, type LocalText, type SettingsFormValues } from '../settings-form';
import { messageAt, type SettingsForm } from '../settings-form-state';

type Values = SettingsFormValues;
type Form = SettingsForm;

export const SWITCH = 'size-5 accent-[var(--color-primary)]';
const ALERT = 'mb-2 text-sm font-medium text-red-700 dark:text-red-300';

/**
 * One text of the settings: a field per language, in that language's direction, at most `max` characters (the
 * server's other checks show at the field when it refuses the save);
 * a text of several lines (`rows`) in text areas, any other in one-line fields.
 */
export function LocalTextField(props: { form: Form; name: FieldPathByValue<Values, LocalText>; label: string; max: number; rows?: number; hint?: string }) {
  const { form, name, label, max, rows = 0, hint } = props;
  const error = messageAt(form, name);
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-semibold">{label}</legend>
      {hint && <p className="mb-2 text-sm text-muted">{hint}</p>}
      {error && (
        <p role="alert" className={ALERT}>
          {error}
        </p>
      )}
      <div className={`grid grid-cols-1 gap-x-4 sm:grid-cols-2 ${rows ? '' : 'lg:grid-cols-3'}`}>
        {LANGUAGES.map((language) => {
          const path = `${name}.${language.code}` as FieldPath<Values>;
          const control = { lang: language.code, dir: language.dir, maxLength: max, ...form.register(path) };
          return (
            <Field key={language.code} label={<span lang={language.code}>{language.name}</span>} error={messageAt(form, path)}>
              {(ids) => (rows ? <textarea {...ids} rows={rows} className={TEXTAREA_CLASS} {...control} /> : <input {...ids} className={INPUT_CLASS} {...control} />)}
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A link field: a storefront path or an http(s) address, left to right in every language. */
/** A link; `image`: the link is an image's, shown small beside the field as it is now (issue 73 item 6). */
export function LinkField(props: { form: Form; name: FieldPathByValue<Values, string>; label: string; required: boolean; placeholder?: string; className?: string; image?: boolean }) {
  const { form, name, label, required, placeholder = '/music', className, image = false } = props;
  const { t } = useAdminI18n();
  const value = useWatch({ control: form.control, name });
  const input = (ids: object) => <input {...ids} dir="ltr" placeholder={placeholder} aria-required={required} className={image ? `${INPUT_CLASS} min-w-0 flex-1` : INPUT_CLASS} {...form.register(name)} />;
  return (
    <Field label={label} hint={t('settings.linkHint')} error={messageAt(form, name)} className={className}>
      {(ids) =>
        image ? (
          <div className="flex items-center gap-2">
            <ImageThumbnail src={typeof value === 'string' ? value : ''} alt={t('settings.currentImage', { label })} className="size-11 object-cover" />
            {input(ids)}
          </div>
        ) : (
          input(ids)
        )
      }
    </Field>
  );
}

export function ListError({ form, name }: { form: Form; name: keyof Values }) {
  const error = messageAt(form, name);
  return error ? (
    <p role="alert" className={ALERT}>
      {error}
    </p>
  ) : null;
}

/** navigation.links (up to 8) and profileMenu.links (up to 5): a label per language and a link each. */
export function LinkRows({ form, name, max }: { form: Form; name: 'navLinks' | 'profileLinks'; max: number }) {
  const { t } = useAdminI18n();
  const rows = useFieldArray({ control: form.control, name });
  return (
    <div>
      <ListError form={form} name={name} />
      {rows.fields.length === 0 && <p className="mb-3 text-muted">{t('settings.linksEmpty')}</p>}
      <ol className="flex flex-col gap-3">
        {rows.fields.map((row, index) => (
          <li key={row.id}>
            <fieldset className="flex min-w-0 flex-col gap-2 rounded-xl border border-border p-3">
              <legend className="px-1 text-sm font-semibold">{t('settings.linkRow', { number: index + 1 })}</legend>
              <LocalTextField form={form} name={`${name}.${index}.label`} label={t('settings.linkLabel')} max={40} />
              <LinkField form={form} name={`${name}.${index}.href`} label={t('settings.linkHref')} required />
              <Button variant="ghost" className="self-start" onClick={() => rows.remove(index)}>
                {t('settings.removeLink', { number: index + 1 })}
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      <Button variant="secondary" className="mt-3" disabled={rows.fields.length >= max} onClick={() => rows.append({ label: localText(undefined), href: '' })}>
        {t('settings.addLink')}
      </Button>
    </div>
  );
}

/** customPlan and popups.welcome: on or off, a title, a text and a button per language, a link. */
export function OfferFields({ form, name, enabledLabel, textMax, hrefRequired }: { form: Form; name: 'customPlan' | 'welcome'; enabledLabel: string; textMax: number; hrefRequired: boolean }) {
  const { t } = useAdminI18n();
  return (
    <>
      <label className="flex cursor-pointer items-center gap-3">
        <input type="checkbox" role="switch" className={SWITCH} {...form.register(`${name}.enabled`)} />
        <span>{enabledLabel}</span>
      </label>
      <LocalTextField form={form} name={`${name}.title`} label={t('settings.offerTitle')} max={80} />
      <LocalTextField form={form} name={`${name}.text`} label={t('settings.offerText')} max={textMax} rows={3} />
      <LocalTextField form={form} name={`${name}.button`} label={t('settings.offerButton')} max={40} />
      <LinkField form={form} name={`${name}.href`} label={hrefRequired ? t('settings.linkHref') : t('settings.linkOptional')} required={false} />
    </>
  );
}
