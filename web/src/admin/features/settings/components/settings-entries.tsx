/**
 * The Settings page's other named entries (docs/tenants.md "The other named settings") and the areas the storefront
 * reads (header and footer structures, site description, consent cookies, placeholder image): four sections of
 * panels that open on demand, and by themselves where a field needs attention. A text per language is
 * edited by one component (entry-fields.tsx LocalTextField); an entry left empty is left out of the settings.
 */
import { useFieldArray } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS, Panel, Section } from '@/admin/components/fields';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { CODE_PLACEHOLDER, localText, TAB_PAGES, type SettingsFormValues } from '../settings-form';
import { messageAt, type SettingsForm } from '../settings-form-state';
import { LinkField, LinkRows, ListError, LocalTextField, OfferFields } from './entry-fields';
import { Ads, Avatars, Sharing } from './sharing-entries';
import { ChromeStructures, ConsentCookies } from './storefront-areas';

type Values = SettingsFormValues;
type Form = SettingsForm;

const PAGES = ['home', ...TAB_PAGES.filter((page) => page !== 'home').sort()];

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
          <Panel title={t('settings.chrome')} open={attention('headerStructure', 'footerStructure')}>
            <Intro>{t('settings.chromeIntro')}</Intro>
            <ChromeStructures form={form} />
          </Panel>
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
          <Panel title={t('settings.placeholder')} open={attention('placeholder')}>
            <Intro>{t('settings.placeholderIntro')}</Intro>
            <LinkField form={form} name="placeholder" label={t('settings.placeholderImage')} required={false} placeholder="/media/art/placeholder.svg" image />
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
          <Panel title={t('settings.cookieNames')} open={attention('consentCookie', 'enabledCookie')}>
            <Intro>{t('settings.cookieNamesIntro')}</Intro>
            <ConsentCookies form={form} />
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
          <Panel title={t('settings.siteMeta')} open={attention('siteDescription')}>
            <Intro>{t('settings.siteMetaIntro')}</Intro>
            <LocalTextField form={form} name="siteDescription" label={t('settings.metaDescription')} max={300} rows={3} />
          </Panel>
          <Panel title={t('settings.parentalMail')} open={attention('parentalMail')}>
            <Intro>{t('settings.parentalMailIntro')}</Intro>
            <LocalTextField form={form} name="parentalMail.subject" label={t('settings.mailSubject')} max={150} />
            <LocalTextField form={form} name="parentalMail.body" label={t('settings.mailBody')} hint={t('settings.mailBodyHint', { placeholder: CODE_PLACEHOLDER })} max={2000} rows={5} />
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
