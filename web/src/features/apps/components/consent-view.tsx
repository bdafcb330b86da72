/**
 * /apps/consent/:id: an app asks for access. The user reads who made it, where it sends them back and
 * what it may read, then allows or refuses; the decision can be changed here later, and a grant is
 * revoked on /apps/profile. A paused app takes no new grants.
 */
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { Ltr } from '@/components/ui/ltr-text';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/formatters';
import { showSnackbar } from '@/lib/snackbar';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { usePortalStore } from '@/lib/store';
import { isAppId, returnUrl } from '../app-rules';
import { useConsent, useDecideConsent } from '../api/consents';
import type { Consent } from '../types';
import { ScopeList, SignInPrompt, StatusBadge } from './apps-parts';

export function ConsentView({ id }: { id: string | undefined }) {
  const { t } = useTranslation();
  const signedIn = usePortalStore((state) => state.role === 'user');
  if (!signedIn) return <SignInPrompt text={t('apps.consent.signIn')} />;
  if (!isAppId(id)) return <p role="alert" className="text-lg text-muted">{t('apps.notFound')}</p>;
  return <ConsentLoader id={id} />;
}

function ConsentLoader({ id }: { id: string }) {
  const { t } = useTranslation();
  const consent = useConsent(id);
  if (consent.isPending) return <Skeleton className="h-96" />;
  if (consent.isError) return <p role="alert" className="text-lg text-muted">{t('apps.notFound')}</p>;
  return <ConsentCard consent={consent.data} />;
}

function ConsentCard({ consent }: { consent: Consent }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const decide = useDecideConsent(consent.app.id);
  const { app } = consent;
  const paused = app.status === 'paused';
  const choose = async (decision: 'granted' | 'refused') => {
    try {
      await decide.mutateAsync(decision);
      showSnackbar(t(decision === 'granted' ? 'apps.consent.grantedSnack' : 'apps.consent.refusedSnack', { name: app.name }), 'success');
    } catch (error) {
      console.error('The decision could not be saved', error);
      showSnackbar(t('apps.consent.failed'), 'error');
    }
  };
  const decidedAt = consent.decidedAt ? formatDate(consent.decidedAt, lang, { dateStyle: 'medium' }) : '';
  return (
    <article className="flex flex-col gap-6 rounded-2xl border border-border bg-surface p-5 sm:p-8" data-testid="consent-card" data-decision={consent.decision ?? 'none'}>
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-2xl font-bold"><bdi>{app.name}</bdi></h2>
          {paused && <StatusBadge status="paused" />}
        </div>
        <p className="text-muted">{t('apps.byPublisher', { publisher: app.publisher })}</p>
      </header>
      <p dir="auto" className="whitespace-pre-line">{app.description}</p>
      <section className="flex flex-col gap-3" aria-labelledby="consent-scopes">
        <h3 id="consent-scopes" className="text-lg font-bold">{t('apps.consent.asks', { name: app.name })}</h3>
        <ScopeList scopes={app.scopes} />
      </section>
      <p className="text-sm text-muted">
        {t('apps.consent.returnsTo')} <Ltr>{app.redirectHost}</Ltr>
      </p>
      <p aria-live="polite" className="font-semibold" data-testid="consent-state">
        {consent.decision === 'granted' && (consent.current ? t('apps.consent.state.granted', { date: decidedAt }) : t('apps.consent.state.outdated'))}
        {consent.decision === 'refused' && t('apps.consent.state.refused', { date: decidedAt })}
        {consent.decision === 'revoked' && t('apps.consent.state.revoked', { date: decidedAt })}
        {!consent.decision && t('apps.consent.state.none')}
      </p>
      {paused && <p className="text-sm text-muted">{t('apps.consent.paused')}</p>}
      <div className="flex flex-wrap gap-3">
        {consent.decision && (
          <a href={returnUrl(app.redirectUri, app.id, consent.decision)} className={buttonClass('secondary')} data-testid="consent-continue">
            {t('apps.consent.continue')} <Ltr>{app.redirectHost}</Ltr>
          </a>
        )}
        <Button disabled={paused || decide.isPending || (consent.decision === 'granted' && consent.current)} onClick={() => void choose('granted')}>
          {t('apps.consent.allow')}
        </Button>
        <Button variant="secondary" disabled={decide.isPending || consent.decision === 'refused'} onClick={() => void choose('refused')}>
          {t('apps.consent.refuse')}
        </Button>
      </div>
      <p className="text-sm">
        <Link to={localize('/apps/profile')} className="font-semibold text-primary underline-offset-2 hover:underline">{t('apps.consent.profileLink')}</Link>
      </p>
    </article>
  );
}
