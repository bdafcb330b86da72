/**
 * /register, the partner login fallback: POST /partner/login/{tenant} {redirectUrl, lang,
 * tenantName} and go to the URL it answers; on failure, the other ways to sign in.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { useSignIn } from '@/features/identity/hooks/use-sign-in';
import { safeReturnPath } from '@/features/identity/login-urls';
import { useLocalizePath } from '@/lib/use-language';
import { PageFrame } from './page-frame';
import { useOnce } from '@/lib/use-once';

export default function PartnerRegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const localize = useLocalizePath();
  const { partnerSignIn } = useSignIn(safeReturnPath(params.get('redirect')) ?? localize('/'));
  const [failed, setFailed] = useState(false);

  const go = useCallback(() => {
    setFailed(false);
    partnerSignIn().catch((error: unknown) => {
      console.error('Partner sign-in failed', error);
      setFailed(true);
    });
  }, [partnerSignIn]);

  useOnce(go);

  return (
    <PageFrame narrow>
      {failed ? (
        <div className="flex flex-col items-start gap-4">
          <p role="alert">{t('auth.options.partnerError')}</p>
          <div className="flex flex-wrap gap-3">
            <Button onClick={go}>{t('home.retry')}</Button>
            <Link to={localize('/user/login')} className={buttonClass('secondary')}>
              {t('auth.otherOptions')}
            </Link>
          </div>
        </div>
      ) : (
        <p role="status" className="text-muted">
          {t('auth.redirecting')}
        </p>
      )}
    </PageFrame>
  );
}
