/**
 * /apps/register: a signed-in user registers an app. The answer's client secret shows once, with the
 * consent link to hand to users and the way to the app's page. Guests are asked to sign in.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button-class';
import { usePortalStore } from '@/lib/store';
import { useLocalizePath } from '@/lib/use-language';
import { consentUrl } from '../app-rules';
import { useRegisterApp } from '../api/owned-apps';
import type { IssuedApp } from '../types';
import { LazyAppForm as AppForm } from './lazy-app-form';
import { CopyField, SecretPanel, SignInPrompt } from './apps-parts';

export function RegisterAppView() {
  const { t } = useTranslation();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const localize = useLocalizePath();
  const registerApp = useRegisterApp();
  const [issued, setIssued] = useState<IssuedApp | null>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  // The form was long: the answer (and the secret shown once) starts at the top, focused for screen readers.
  useEffect(() => {
    if (!issued) return;
    window.scrollTo({ top: 0 });
    doneHeading.current?.focus();
  }, [issued]);
  if (!signedIn) return <SignInPrompt text={t('apps.register.signIn')} />;
  if (issued)
    return (
      <div className="flex flex-col gap-5" data-testid="app-registered">
        <h2 ref={doneHeading} tabIndex={-1} className="text-2xl font-bold outline-none">{t('apps.register.done', { name: issued.app.name })}</h2>
        <SecretPanel appId={issued.app.id} secret={issued.clientSecret} />
        <CopyField label={t('apps.consentLink')} value={consentUrl(issued.app.id, localize)} testId="app-consent-link" />
        <div className="flex flex-wrap gap-3">
          <Link to={localize(`/apps/manage/${issued.app.id}`)} className={buttonClass('primary')}>{t('apps.register.manage')}</Link>
          <Link to={localize('/apps/manage')} className={buttonClass('secondary')}>{t('apps.register.allApps')}</Link>
        </div>
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">
        {t('apps.register.intro')}{' '}
        <Link to={localize('/apps/faq')} className="font-semibold text-primary underline-offset-2 hover:underline">{t('apps.faqLink')}</Link>
      </p>
      <AppForm
        submitLabel={t('apps.register.submit')}
        busyLabel={t('apps.register.submitting')}
        onSubmit={async (fields) => setIssued(await registerApp.mutateAsync(fields))}
      />
    </div>
  );
}
