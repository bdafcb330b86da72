/**
 * /profile/manage: account management: the user's subscriptions (current plans with their state,
 * dates, credits and cancel; canceled history), language and theme preferences, and sign-out. It shows without the
 * commerce runtime, which a signed-in user's page loads beside it (its store sync fills the subscriptions) and "pay
 * now" waits for (issue 77 item 6).
 */
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ChevronStartIcon } from '@/components/ui/icons';
import { LogOutIcon } from '@/components/ui/menu-icons';
import { useSignOut } from '@/features/identity/hooks/use-sign-in';
import { LanguageChoice } from '@/features/language/components/language-choice';
import { ManageSubscriptions } from '@/features/subscriptions/components/manage-subscriptions';
import { ThemeSwitch } from '@/features/theme/components/theme-switch';
import { useLocalizePath } from '@/lib/use-language';
import { withCommerce } from '../commerce-loader';
import { Card, PageFrame } from './page-frame';

export default function ProfileManagePage() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const signOut = useSignOut();
  return (
    <PageFrame>
      <Link to={localize('/profile')} className="inline-flex items-center gap-1 self-start text-sm font-semibold text-primary hover:underline">
        <ChevronStartIcon className="size-4" />
        {t('meta.profile.title')}
      </Link>
      <Card className="flex flex-col gap-4">
        <h2 className="text-xl font-bold">{t('profile.manage.subscriptions')}</h2>
        <ManageSubscriptions start={withCommerce} />
      </Card>
      <Card className="flex flex-col gap-6">
        <h2 className="text-xl font-bold">{t('profile.manage.preferences')}</h2>
        <LanguageChoice />
        <ThemeSwitch />
      </Card>
      <Card className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 className="text-xl font-bold">{t('profile.manage.signOutTitle')}</h2>
          <p className="text-sm text-muted">{t('profile.manage.signOutText')}</p>
        </div>
        <Button variant="secondary" onClick={() => void signOut()}>
          <LogOutIcon className="size-4" />
          {t('auth.signOut')}
        </Button>
      </Card>
    </PageFrame>
  );
}
