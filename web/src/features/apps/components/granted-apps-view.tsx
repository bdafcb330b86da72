/** /apps/profile: the apps the caller granted access to, what each may read and since when; revoking takes one off. */
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/formatters';
import { showSnackbar } from '@/lib/snackbar';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { useGrantedApps, useRevokeConsent } from '../api/consents';
import type { Consent } from '../types';
import { ScopeList, StatusBadge } from './apps-parts';

export function GrantedAppsView() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const granted = useGrantedApps();
  if (granted.isPending) return <Skeleton className="h-40" />;
  if (granted.isError) return <p role="alert" className="text-muted">{t('apps.loadError')}</p>;
  if (granted.data.length === 0)
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-lg text-muted">{t('apps.profile.empty')}</p>
        <Link to={localize('/apps/faq')} className="font-semibold text-primary underline-offset-2 hover:underline">{t('apps.faqLink')}</Link>
      </div>
    );
  return (
    <ul className="flex flex-col gap-4" data-testid="granted-apps">
      {granted.data.map((consent) => <GrantedApp key={consent.app.id} consent={consent} />)}
    </ul>
  );
}

function GrantedApp({ consent }: { consent: Consent }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const revoke = useRevokeConsent();
  const { app } = consent;
  const remove = async () => {
    try {
      await revoke.mutateAsync(app.id);
      showSnackbar(t('apps.profile.revoked', { name: app.name }), 'success');
    } catch (error) {
      console.error('The access could not be removed', error);
      showSnackbar(t('apps.consent.failed'), 'error');
    }
  };
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">
          <Link to={localize(`/apps/consent/${app.id}`)} className="hover:underline"><bdi>{app.name}</bdi></Link>
        </h2>
        {app.status === 'paused' && <StatusBadge status="paused" />}
      </div>
      <p className="text-sm text-muted">
        {t('apps.byPublisher', { publisher: app.publisher })} · {t('apps.profile.since', { date: consent.decidedAt ? formatDate(consent.decidedAt, lang, { dateStyle: 'medium' }) : '' })}
      </p>
      <ScopeList scopes={consent.scopes} compact />
      {!consent.current && <p className="text-sm text-muted">{t('apps.consent.state.outdated')}</p>}
      <div>
        <Button variant="secondary" disabled={revoke.isPending} onClick={() => void remove()}>{t('apps.profile.revoke')}</Button>
      </div>
    </li>
  );
}
