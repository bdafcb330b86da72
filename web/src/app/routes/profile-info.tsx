/** /profile/info: edit name, last name and e-mail. */
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { ChevronStartIcon } from '@/components/ui/icons';
import { useProfile } from '@/features/identity/api/get-profile';
import { ProfileInfoForm } from '@/features/identity/components/profile-info-form';
import { useLocalizePath } from '@/lib/use-language';
import { Card, PageFrame } from './page-frame';

export default function ProfileInfoPage() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const profile = useProfile().data;
  return (
    <PageFrame>
      <Link to={localize('/profile')} className="inline-flex items-center gap-1 self-start text-sm font-semibold text-primary hover:underline">
        <ChevronStartIcon className="size-4" />
        {t('meta.profile.title')}
      </Link>
      <Card>{profile && <ProfileInfoForm profile={profile} />}</Card>
    </PageFrame>
  );
}
