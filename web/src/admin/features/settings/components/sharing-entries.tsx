/** The named entries of sharing and ads: the ways to share, the avatars to choose from, and the ad client with its slots. */
import { useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS } from '@/admin/components/fields';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { SHARE_WAYS, type ShareWay } from '../settings-form';
import { messageAt, type SettingsForm } from '../settings-form-state';
import { LinkField, ListError } from './entry-fields';

/** An avatar drawn beside its field: a path of the storefront or an http(s) address (the server checks the link on save). */
const SHOWN_IMAGE = /^(\/(?!\/)|https?:\/\/)[^\s"'<>`\\]*$/;

type Form = SettingsForm;

export function Sharing({ form }: { form: Form }) {
  const { t } = useAdminI18n();
  const sharing = useWatch({ control: form.control, name: 'sharing' });
  // The order read is kept; a way checked again goes last.
  const toggle = (way: ShareWay, checked: boolean) => {
    const now = form.getValues('sharing').filter((other) => other !== way);
    form.setValue('sharing', checked ? [...now, way] : now, { shouldDirty: true });
  };
  return (
    <div role="group" aria-label={t('settings.sharing')}>
      <ListError form={form} name="sharing" />
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {SHARE_WAYS.map((way) => (
          <label key={way} className="inline-flex min-h-11 items-center gap-2">
            <input type="checkbox" className="size-4 accent-[var(--color-primary)]" checked={sharing.includes(way)} onChange={(e) => toggle(way, e.target.checked)} />
            <span>{t(`settings.shareWays.${way}`)}</span>
          </label>
        ))}
      </div>
    </div>
  );
}

export function Avatars({ form }: { form: Form }) {
  const { t } = useAdminI18n();
  const rows = useFieldArray({ control: form.control, name: 'avatars' });
  const values = useWatch({ control: form.control, name: 'avatars' });
  return (
    <div>
      <ListError form={form} name="avatars" />
      {rows.fields.length === 0 && <p className="mb-3 text-muted">{t('settings.avatarsEmpty')}</p>}
      <ol className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        {rows.fields.map((row, index) => {
          const src = values[index]?.src.trim() ?? '';
          return (
            <li key={row.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-border p-3">
              <span className="size-12 shrink-0 overflow-hidden rounded-full border border-border bg-surface">{SHOWN_IMAGE.test(src) && <img src={src} alt="" className="size-full object-cover" />}</span>
              <LinkField form={form} name={`avatars.${index}.src`} label={t('settings.avatar', { number: index + 1 })} required placeholder="/media/art/avatar.svg" className="min-w-48 flex-1" />
              <Button variant="ghost" onClick={() => rows.remove(index)}>
                {t('settings.removeAvatar', { number: index + 1 })}
              </Button>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" className="mt-3" disabled={rows.fields.length >= 24} onClick={() => rows.append({ src: '' })}>
        {t('settings.addAvatar')}
      </Button>
    </div>
  );
}

export function Ads({ form }: { form: Form }) {
  const { t } = useAdminI18n();
  const slot = (name: 'ads.home' | 'ads.details', label: string) => (
    <Field label={label} hint={t('settings.adsSlotHint')} error={messageAt(form, name)}>
      {(ids) => <input {...ids} dir="ltr" inputMode="numeric" className={INPUT_CLASS} {...form.register(name)} />}
    </Field>
  );
  return (
    <div className="grid grid-cols-1 gap-x-6 gap-y-2 md:grid-cols-3">
      <Field label={t('settings.adsClient')} hint={t('settings.adsClientHint')} error={messageAt(form, 'ads.client')}>
        {(ids) => <input {...ids} dir="ltr" placeholder="ca-pub-1234567890" className={INPUT_CLASS} {...form.register('ads.client')} />}
      </Field>
      {slot('ads.home', t('settings.adsHome'))}
      {slot('ads.details', t('settings.adsDetails'))}
    </div>
  );
}
