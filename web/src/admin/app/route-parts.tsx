/** What the route table (routes.tsx) puts around a page: the role's guard, the home by role, the unknown page. */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Notice } from '@/admin/components/notice';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { atLeastAdmin, pagesFor, type ConsolePage } from '@/admin/lib/roles';
import { Loading } from './shell';

const SetupHome = lazy(() => import('./home/setup-page'));

/** A page the signed-in role may open; another role is told it has no access there (not sent elsewhere unasked). */
export function Guard({ page, children }: { page: ConsolePage; children: ReactNode }) {
  const { me } = useConsole();
  const { t } = useAdminI18n();
  if (!pagesFor(me.role).includes(page)) return <Notice tone="info">{t('shell.noAccess')}</Notice>;
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

/** An owner's or administrator's home is the setup checklist until the tenant sells; anyone else's is their first page. */
export function Home() {
  const { me } = useConsole();
  const { t } = useAdminI18n();
  const first = pagesFor(me.role)[0];
  if (atLeastAdmin(me.role)) {
    return (
      <Suspense fallback={<Loading />}>
        <SetupHome />
      </Suspense>
    );
  }
  if (first) return <Navigate to={`/${first}`} replace />;
  return <Notice tone="info">{t('shell.noPages')}</Notice>;
}

export function NotFound() {
  const { t } = useAdminI18n();
  return <Notice tone="info">{t('shell.notFound')}</Notice>;
}
