/**
 * The Settings page's other named entries (docs/tenants.md "The other named settings"): four sections of
 * panels that open on demand, and by themselves where a field needs attention. A text per language is
 * edited by one component (LocalTextField); an entry left empty is left out of the settings.
 */
import { get, useFieldArray, useWatch, type FieldError, type FieldPath, type FieldPathByValue, type UseFormReturn } from 'react-hook-form';
import { LANGUAGES } from '@/config/languages';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS, Panel, Section, TEXTAREA_CLASS } from '../components/fields';
import { useAdminI18n } from '../lib/i18n-context';
import {
  checkAdClient,
  checkAdSlot,
  checkLink,
  checkMailBody,
  checkText,
  CODE_PLACEHOLDER,
  isLink,
  localText,
  problemText,
  SHARE_WAYS,
  TAB_PAGES,
  type LocalText,
  type Problem,
  type SettingsFormValues,
  type ShareWay,
} from '../lib/settings-form';

type Values = SettingsFormValues;
type Form = UseFormReturn<Values>;

const SWITCH = 'size-5 accent-[var(--color-primary)]';
const ALERT = 'mb-2 text-sm font-medium text-red-700 dark:text-red-300';
const PAGES = ['home', ...TAB_PAGES.filter((page) => page !== 'home').sort()];

const messageAt = (form: Form, path: string) => get<unknown, FieldError | undefined>(form.formState.errors, path)?.message;

/**
 * One text of the settings: a field per language, in that language's direction, each checked as the server does;
 * a text of several lines (`rows`) in text areas, any other in one-line fields.
 */
function LocalTextField(props: { form: Form; name: FieldPathByValue<Values, LocalText>; label: string; max: number; rows?: number; hint?: string; validate?: (value: string) => Problem | null }) {
  const { form, name, label, max, rows = 0, hint, validate = (value: string) => checkText(value, max, false) } = props;
  const check = problemText(useAdminI18n().t);
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
          const control = { lang: language.code, dir: language.dir, ...form.register(path, { validate: (value) => check(validate(value as string)) }) };
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
function LinkField(props: { form: Form; name: FieldPathByValue<Values, string>; label: string; required: boolean; placeholder?: string; className?: string }) {
  const { form, name, label, required, placeholder = '/music', className } = props;
  const { t } = useAdminI18n();
  const check = problemText(t);
  return (
    <Field label={label} hint={t('settings.linkHint')} error={messageAt(form, name)} className={className}>
      {(ids) => <input {...ids} dir="ltr" placeholder={placeholder} className={INPUT_CLASS} {...form.register(name, { validate: (value) => check(checkLink(value, required)) })} />}
    </Field>
  );
}

function ListError({ form, name }: { form: Form; name: keyof Values }) {
  const error = messageAt(form, name);
  return error ? (
    <p role="alert" className={ALERT}>
      {error}
    </p>
  ) : null;
}

/** navigation.links (up to 8) and profileMenu.links (up to 5): a label per language and a link each. */
function LinkRows({ form, name, max }: { form: Form; name: 'navLinks' | 'profileLinks'; max: number }) {
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
function OfferFields({ form, name, enabledLabel, textMax, hrefRequired }: { form: Form; name: 'customPlan' | 'welcome'; enabledLabel: string; textMax: number; hrefRequired: boolean }) {
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

function Sharing({ form }: { form: Form }) {
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

function Avatars({ form }: { form: Form }) {
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
              <span className="size-12 shrink-0 overflow-hidden rounded-full border border-border bg-surface">{isLink(src) && <img src={src} alt="" className="size-full object-cover" />}</span>
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

function Ads({ form }: { form: Form }) {
  const { t } = useAdminI18n();
  const check = problemText(t);
  const slot = (name: 'ads.home' | 'ads.details', label: string) => (
    <Field label={label} hint={t('settings.adsSlotHint')} error={messageAt(form, name)}>
      {(ids) => <input {...ids} dir="ltr" inputMode="numeric" className={INPUT_CLASS} {...form.register(name, { validate: (value) => check(checkAdSlot(value)) })} />}
    </Field>
  );
  return (
    <div className="grid grid-cols-1 gap-x-6 gap-y-2 md:grid-cols-3">
      <Field label={t('settings.adsClient')} hint={t('settings.adsClientHint')} error={messageAt(form, 'ads.client')}>
        {(ids) => <input {...ids} dir="ltr" placeholder="ca-pub-1234567890" className={INPUT_CLASS} {...form.register('ads.client', { validate: (value) => check(checkAdClient(value)) })} />}
      </Field>
      {slot('ads.home', t('settings.adsHome'))}
      {slot('ads.details', t('settings.adsDetails'))}
    </div>
  );
}

function ProfileMenu({ form }: { form: Form }) {
  const { t } = useAdminI18n();
  const items = useFieldArray({ control: form.control, name: 'profileItems' });
  return (
    <>
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-semibold">{t('settings.profileItems')}</legend>
        <ListError form={form} name="profileItems" />
        <ol className="flex max-w-xl flex-col gap-1">
          {items.fields.map((row, index) => {
            const name = t(`settings.profileItemNames.${row.item}`);
            return (
              <li key={row.id} className="flex items-center gap-2 rounded-xl border border-border px-3">
                <label className="flex min-h-11 flex-1 cursor-pointer items-center gap-3">
                  <input type="checkbox" className="size-4 accent-[var(--color-primary)]" {...form.register(`profileItems.${index}.shown`)} />
                  <span>{name}</span>
                </label>
                <Button variant="ghost" aria-label={t('settings.moveUp', { name })} disabled={index === 0} onClick={() => items.move(index, index - 1)}>
                  ↑
                </Button>
                <Button variant="ghost" aria-label={t('settings.moveDown', { name })} disabled={index === items.fields.length - 1} onClick={() => items.move(index, index + 1)}>
                  ↓
                </Button>
              </li>
            );
          })}
        </ol>
      </fieldset>
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-semibold">{t('settings.profileLinks')}</legend>
        <LinkRows form={form} name="profileLinks" max={5} />
      </fieldset>
    </>
  );
}

function Layout({ form }: { form: Form }) {
  const { t } = useAdminI18n();
  return (
    <div className="grid grid-cols-1 gap-x-6 gap-y-2 md:grid-cols-2">
      <Field label={t('settings.desktopLayout')} error={messageAt(form, 'layout')}>
        {(ids) => (
          <select {...ids} className={INPUT_CLASS} {...form.register('layout')}>
            <option value="bar">{t('settings.layoutBar')}</option>
            <option value="sidebar">{t('settings.layoutSidebar')}</option>
          </select>
        )}
      </Field>
      <Field label={t('settings.cardsPerRow')} hint={t('settings.cardsPerRowHint')} error={messageAt(form, 'cardsPerRow')}>
        {(ids) => (
          <select {...ids} className={INPUT_CLASS} {...form.register('cardsPerRow')}>
            {[1, 2, 3].map((number) => (
              <option key={number} value={String(number)}>
                {t('settings.cardsOption', { number })}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}

function TabNames({ form }: { form: Form }) {
  const { t } = useAdminI18n();
  const rows = useFieldArray({ control: form.control, name: 'tabNames' });
  return (
    <div>
      <ListError form={form} name="tabNames" />
      {rows.fields.length === 0 && <p className="mb-3 text-muted">{t('settings.tabNamesEmpty')}</p>}
      <ol className="flex flex-col gap-3">
        {rows.fields.map((row, index) => (
          <li key={row.id}>
            <fieldset className="flex min-w-0 flex-col gap-2 rounded-xl border border-border p-3">
              <legend className="px-1 text-sm font-semibold">{t('settings.tabRow', { number: index + 1 })}</legend>
              <Field label={t('settings.tabPage')} error={messageAt(form, `tabNames.${index}.page`)} className="max-w-sm">
                {(ids) => (
                  <select {...ids} dir="ltr" className={INPUT_CLASS} {...form.register(`tabNames.${index}.page`)}>
                    <option value="">{t('settings.tabPageChoose')}</option>
                    {PAGES.map((page) => (
                      <option key={page} value={page}>
                        {page}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <LocalTextField form={form} name={`tabNames.${index}.text`} label={t('settings.tabName')} max={70} />
              <Button variant="ghost" className="self-start" onClick={() => rows.remove(index)}>
                {t('settings.removeTabName', { number: index + 1 })}
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      <Button variant="secondary" className="mt-3" onClick={() => rows.append({ page: '', text: localText(undefined) })}>
        {t('settings.addTabName')}
      </Button>
    </div>
  );
}

function Meta({ form, name }: { form: Form; name: 'loginMeta' | 'paymentMeta' }) {
  const { t } = useAdminI18n();
  return (
    <>
      <LocalTextField form={form} name={`${name}.title`} label={t('settings.metaTitle')} max={70} />
      <LocalTextField form={form} name={`${name}.description`} label={t('settings.metaDescription')} max={300} />
    </>
  );
}

const Intro = ({ children }: { children: string }) => <p className="text-sm text-muted">{children}</p>;

export function EntrySections({ form }: { form: Form }) {
  const { t } = useAdminI18n();
  const errors = form.formState.errors;
  const attention = (...names: (keyof Values)[]) => names.some((name) => errors[name] !== undefined);
  return (
    <>
      <Section title={t('settings.entriesLayout')}>
        <div className="flex flex-col gap-3">
          <Panel title={t('settings.navigation')} open={attention('navLinks')}>
            <Intro>{t('settings.navigationIntro')}</Intro>
            <LinkRows form={form} name="navLinks" max={8} />
          </Panel>
          <Panel title={t('settings.profileMenu')} open={attention('profileItems', 'profileLinks')}>
            <Intro>{t('settings.profileMenuIntro')}</Intro>
            <ProfileMenu form={form} />
          </Panel>
          <Panel title={t('settings.layout')} open={attention('layout', 'cardsPerRow')}>
            <Layout form={form} />
          </Panel>
          <Panel title={t('settings.tabNames')} open={attention('tabNames')}>
            <Intro>{t('settings.tabNamesIntro')}</Intro>
            <TabNames form={form} />
          </Panel>
        </div>
      </Section>

      <Section title={t('settings.entriesNotices')}>
        <div className="flex flex-col gap-3">
          <Panel title={t('settings.announcement')} open={attention('announcement')}>
            <Intro>{t('settings.announcementIntro')}</Intro>
            <LocalTextField form={form} name="announcement.text" label={t('settings.announcementText')} max={200} />
            <LinkField form={form} name="announcement.href" label={t('settings.linkOptional')} required={false} />
          </Panel>
          <Panel title={t('settings.welcome')} open={attention('welcome')}>
            <Intro>{t('settings.welcomeIntro')}</Intro>
            <OfferFields form={form} name="welcome" enabledLabel={t('settings.welcomeEnabled')} textMax={500} hrefRequired={false} />
          </Panel>
          <Panel title={t('settings.customPlan')} open={attention('customPlan')}>
            <Intro>{t('settings.customPlanIntro')}</Intro>
            <OfferFields form={form} name="customPlan" enabledLabel={t('settings.customPlanEnabled')} textMax={300} hrefRequired />
          </Panel>
        </div>
      </Section>

      <Section title={t('settings.entriesSharing')}>
        <div className="flex flex-col gap-3">
          <Panel title={t('settings.sharing')} open={attention('sharing')}>
            <Intro>{t('settings.sharingIntro')}</Intro>
            <Sharing form={form} />
          </Panel>
          <Panel title={t('settings.avatars')} open={attention('avatars')}>
            <Intro>{t('settings.avatarsIntro')}</Intro>
            <Avatars form={form} />
          </Panel>
          <Panel title={t('settings.ads')} open={attention('ads')}>
            <Intro>{t('settings.adsIntro')}</Intro>
            <Ads form={form} />
          </Panel>
        </div>
      </Section>

      <Section title={t('settings.entriesPages')}>
        <div className="flex flex-col gap-3">
          <Panel title={t('settings.parentalMail')} open={attention('parentalMail')}>
            <Intro>{t('settings.parentalMailIntro')}</Intro>
            <LocalTextField form={form} name="parentalMail.subject" label={t('settings.mailSubject')} max={150} />
            <LocalTextField form={form} name="parentalMail.body" label={t('settings.mailBody')} hint={t('settings.mailBodyHint', { placeholder: CODE_PLACEHOLDER })} max={2000} rows={5} validate={checkMailBody} />
          </Panel>
          <Panel title={t('settings.loginMeta')} open={attention('loginMeta')}>
            <Intro>{t('settings.loginMetaIntro')}</Intro>
            <Meta form={form} name="loginMeta" />
          </Panel>
          <Panel title={t('settings.paymentMeta')} open={attention('paymentMeta')}>
            <Intro>{t('settings.paymentMetaIntro')}</Intro>
            <Meta form={form} name="paymentMeta" />
          </Panel>
        </div>
      </Section>
    </>
  );
}
