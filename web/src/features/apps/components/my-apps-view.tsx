/** /apps/manage: the caller's own apps, newest first, with status and how many users granted each. */
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button-class';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatNumber } from '@/lib/formatters';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { useMyApps } from '../api/owned-apps';
import { ScopeList, SignInPrompt, StatusBadge } from './apps-parts';

export function MyAppsView() {
  const { t } = useTranslation();
  const signedIn = usePortalStore((state) => state.role === 'user');
  if (!signedIn) return <SignInPrompt text={t('apps.manage.signIn')} />;
  return <MyAppsList />;
}

function MyAppsList() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const apps = useMyApps();
  const registerLink = (
    <Link to={localize('/apps/register')} className={buttonClass(apps.data?.length ? 'secondary' : 'primary', 'self-start')}>
      {t('apps.manage.register')}
    </Link>
  );
  if (apps.isPending) return <Skeleton className="h-40" />;
  if (apps.isError) return <p role="alert" className="text-muted">{t('apps.loadError')}</p>;
  if (apps.data.length === 0)
    return (
      <div className="flex flex-col items-start gap-4">
        <p className="text-lg text-muted">{t('apps.manage.empty')}</p>
        {registerLink}
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      {registerLink}
      <ul className="flex flex-col gap-4" data-testid="my-apps">
        {apps.data.map((app) => (
          <li key={app.id} className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-xl font-bold">
                <Link to={localize(`/apps/manage/${app.id}`)} className="hover:underline"><bdi>{app.name}</bdi></Link>
              </h2>
              <StatusBadge status={app.status} />
            </div>
            <p className="text-sm text-muted">
              {t('apps.byPublisher', { publisher: app.publisher })} · {t('apps.manage.registeredOn', { date: formatDate(app.createdAt, lang, { dateStyle: 'medium' }) })}
            </p>
            <ScopeList scopes={app.scopes} compact />
            <p className="text-sm">{t('apps.manage.grantedCount', { formatted: formatNumber(app.grantedCount, lang) })}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
