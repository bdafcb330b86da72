/** /external/logout: signs out (when signed in) and goes to the home page. */
import { useTranslation } from '@/lib/use-translation';
import { useNavigate } from 'react-router';
import { useSignOut } from '@/features/identity/hooks/use-sign-in';
import { usePortalStore } from '@/lib/store';
import { useLocalizePath } from '@/lib/use-language';
import { PageFrame } from './page-frame';
import { useOnce } from '@/lib/use-once';

export default function ExternalLogoutPage() {
  const { t } = useTranslation();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const signOut = useSignOut();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  useOnce(() => {
    if (signedIn) void signOut();
    else void navigate(localize('/'), { replace: true });
  });
  return (
    <PageFrame narrow>
      <p role="status" className="text-muted">
        {t('auth.signingOut')}
      </p>
    </PageFrame>
  );
}
