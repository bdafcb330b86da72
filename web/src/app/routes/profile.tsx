/** /profile: the account at a glance: name, e-mail and the account pages. */
import { toImageUrl } from '@/lib/image-url';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { ChevronEndIcon, UserIcon } from '@/components/ui/icons';
import { LogOutIcon } from '@/components/ui/menu-icons';
import { useProfile } from '@/features/identity/api/get-profile';
import { avatarOf, useAvatarList } from '@/features/identity/avatars';
import { YourDataSection } from '@/features/identity/components/your-data-section';
import { useSignOut } from '@/features/identity/hooks/use-sign-in';
import { displayName, initials, nameIsLtr } from '@/features/identity/profile-names';
import { accountMsisdn } from '@/lib/account-msisdn';
import { formatPhoneNumber } from '@/lib/formatters';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { Card, PageFrame } from './page-frame';

const LINKS = [
  { path: '/profile/info', title: 'meta.profileInfo.title', description: 'meta.profileInfo.description' },
  { path: '/profile/manage', title: 'meta.profileManage.title', description: 'meta.profileManage.description' },
  { path: '/profile/info-service-subscriptions', title: 'meta.profileInfoServices.title', description: 'meta.profileInfoServices.description' },
  { path: '/parentalControl', title: 'meta.parentalControl.title', description: 'meta.parentalControl.description' },
] as const;

export default function ProfilePage() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const lang = useCurrentLanguage();
  const profile = useProfile().data;
  const msisdn = profile ? accountMsisdn(profile) : null;
  const avatars = useAvatarList();
  const avatar = profile ? avatarOf(profile, avatars) : null;
  const signOut = useSignOut();
  return (
    <PageFrame>
      {profile && (
        <Card className="flex flex-wrap items-center gap-4">
          <span aria-hidden="true" className="inline-flex size-16 items-center justify-center overflow-hidden rounded-full bg-primary text-2xl font-bold text-primary-contrast">
            {avatar ? <img src={toImageUrl(avatar) ?? avatar} alt="" className="size-full object-cover" /> : initials(profile) || <UserIcon className="size-8" />}
          </span>
          {/* At least 12rem for the name and e-mail: on a phone the button wraps below them instead of squeezing them. */}
          <dl className="flex min-w-0 flex-[1_1_12rem] flex-col gap-1">
            <dt className="sr-only">{t('profile.fields.fullName')}</dt>
            <dd className="text-xl font-bold break-words">{nameIsLtr(profile) ? <Ltr>{displayName(profile, lang)}</Ltr> : displayName(profile, lang)}</dd>
            {profile.email && (
              <>
                <dt className="sr-only">{t('profile.fields.email')}</dt>
                <dd className="text-muted [overflow-wrap:anywhere]">
                  <Ltr>{profile.email}</Ltr>
                </dd>
              </>
            )}
            {msisdn && formatPhoneNumber(msisdn, lang) !== displayName(profile, lang) && (
              <>
                <dt className="sr-only">{t('profile.fields.msisdn')}</dt>
                <dd className="text-muted">
                  <Ltr>{formatPhoneNumber(msisdn, lang)}</Ltr>
                </dd>
              </>
            )}
          </dl>
          <Button variant="secondary" onClick={() => void signOut()}>
            <LogOutIcon className="size-4" />
            {t('auth.signOut')}
          </Button>
        </Card>
      )}
      <nav aria-label={t('profile.sections')}>
        <ul className="grid gap-3 sm:grid-cols-2">
          {LINKS.map((link) => (
            <li key={link.path}>
              <Link to={localize(link.path)} className="group flex h-full items-center gap-4 rounded-2xl border border-border bg-surface p-5 transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-accent">
                <span className="flex flex-1 flex-col gap-1">
                  <span className="font-semibold group-hover:text-primary">{t(link.title)}</span>
                  <span className="text-sm text-muted">{t(link.description)}</span>
                </span>
                <ChevronEndIcon className="shrink-0 text-muted" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {profile && <YourDataSection hasEmail={Boolean(profile.email)} />}
    </PageFrame>
  );
}
