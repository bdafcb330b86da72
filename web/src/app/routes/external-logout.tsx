/** /external/logout: signs out (when signed in) and goes to the home page. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignOut } from '@/features/identity/hooks/use-sign-in';
import { usePortalStore } from '@/lib/store';
import { useLocalizePath } from '@/lib/use-language';
import { PageFrame } from './page-frame';

export default function ExternalLogoutPage() {
  const { t } = useTranslation();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const signOut = useSignOut();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (signedIn) void signOut();
    else void navigate(localize('/'), { replace: true });
  }, [signedIn, signOut, navigate, localize]);
  return (
    <PageFrame narrow>
      <p role="status" className="text-muted">
        {t('auth.signingOut')}
      </p>
    </PageFrame>
  );
}
