/** A page that only sends the browser on (hosted sign-in or registration), with a link if it does not go. */
import { useCallback } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSignIn } from '@/features/identity/hooks/use-sign-in';
import { safeReturnPath } from '@/features/identity/login-urls';
import { useLocalizePath } from '@/lib/use-language';
import { PageFrame } from './page-frame';
import { useOnce } from '@/lib/use-once';

export function HostedRedirect({ to }: { to: 'login' | 'register' }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const localize = useLocalizePath();
  const { signIn, register } = useSignIn(safeReturnPath(params.get('redirect')) ?? localize('/'));
  const go = useCallback(() => (to === 'login' ? signIn('email') : register()), [to, signIn, register]);
  useOnce(go);
  return (
    <PageFrame narrow>
      <p role="status" className="text-muted">
        {t('auth.redirecting')}
      </p>
      <Button className="self-start" onClick={go}>
        {to === 'login' ? t('auth.signIn') : t('auth.createAccount')}
      </Button>
    </PageFrame>
  );
}
