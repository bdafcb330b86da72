import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { i18n as I18nInstance } from 'i18next';
import { createContext, lazy, Suspense, useContext, useId, useMemo, useState, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, NavLink, Outlet, RouterProvider } from 'react-router';
import { LANGUAGES, isLanguageCode } from '@/config/languages';
import { Button } from '@/components/ui/button';
import { Ltr, MessageWithLtr } from '@/components/ui/ltr-text';
import { AdminI18nProvider } from '@/admin/components/i18n-provider';
import { Notice } from '@/admin/components/fields';
import { createConsoleClient, goToSignIn, sessionCalls } from '@/admin/lib/api';
import { ConsoleContext, useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { atLeastAdmin, isRole, pagesFor, type ConsolePage } from '@/admin/lib/roles';

// Every page is a module of its feature (src/admin/features/<area>), loaded when its route is opened; a list
// and its detail are separate routes.
const SettingsPage = lazy(() => import('@/admin/features/settings/settings-page'));
const StaffPage = lazy(() => import('@/admin/features/staff/staff-page'));
const AuditPage = lazy(() => import('@/admin/features/audit/audit-page'));
const VouchersPage = lazy(() => import('@/admin/features/vouchers/vouchers-page'));
const VoucherBatchPage = lazy(() => import('@/admin/features/vouchers/voucher-batch-page'));
const MediaPage = lazy(() => import('@/admin/features/media/media-page'));
const StructuresPage = lazy(() => import('@/admin/features/structures/structures-page'));
const CatalogPage = lazy(() => import('@/admin/features/catalog/catalog-page'));
const CatalogEditorPage = lazy(() => import('@/admin/features/catalog/catalog-editor-page'));
const PlansPage = lazy(() => import('@/admin/features/plans/plans-page'));
const PlanEditPage = lazy(() => import('@/admin/features/plans/plan-edit-page'));
const SetupHome = lazy(() => import('./home/setup-page'));
const CustomersPage = lazy(() => import('@/admin/features/customers/customers-page'));
const CustomerPage = lazy(() => import('@/admin/features/customers/customer-page'));
// The reports and their charting library load with the reports only (issue 35).
const ReportsPage = lazy(() => import('@/admin/features/reports/reports-page'));

const TENANT_STORAGE_KEY = 'portal:console-tenant';
/** The tenant of the host the console was opened on (GET /api/envFile). */
const HostTenant = createContext('');

function Loading() {
  const { t } = useAdminI18n();
  return (
    <p role="status" className="p-6 text-muted">
      {t('loading')}
    </p>
  );
}

/** A page the signed-in role may open; another role is told it has no access there (not sent elsewhere unasked). */
function Guard({ page, children }: { page: ConsolePage; children: ReactNode }) {
  const { me } = useConsole();
  const { t } = useAdminI18n();
  if (!pagesFor(me.role).includes(page)) return <Notice tone="info">{t('shell.noAccess')}</Notice>;
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

/** An owner's or administrator's home is the setup checklist until the tenant sells; anyone else's is their first page. */
function Home() {
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

const navClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-xl px-3 py-2 text-sm font-semibold md:px-4 md:text-base focus-visible:outline-2 focus-visible:outline-accent ${isActive ? 'bg-primary text-primary-contrast' : 'text-text hover:bg-surface'}`;

function NotFound() {
  const { t } = useAdminI18n();
  return <Notice tone="info">{t('shell.notFound')}</Notice>;
}

function Header({ tenants, onTenant }: { tenants: string[]; onTenant: (tenant: string) => void }) {
  const { me, tenant, api } = useConsole();
  const { t, lang, setLanguage } = useAdminI18n();
  const ids = useId();
  const signOut = async () => {
    try {
      await sessionCalls.logout(api);
    } finally {
      goToSignIn();
    }
  };
  const role = isRole(me.role) ? t(`roles.${me.role}`) : me.role;
  return (
    // On a phone the parts wrap onto lines of their own; nothing in the header is wider than the screen.
    <header className="border-b border-border bg-surface">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
        <p className="text-lg font-bold">{t('title')}</p>
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          {me.role === 'platform_admin' && tenants.length > 0 ? (
            <div className="flex min-w-0 items-center gap-2 text-sm">
              <label htmlFor={`${ids}-tenant`} className="font-semibold">
                {t('shell.tenant')}
              </label>
              <select id={`${ids}-tenant`} className="h-9 min-w-0 max-w-full rounded-lg border border-border bg-bg px-2 text-text" value={tenant} onChange={(e) => onTenant(e.target.value)}>
                {tenants.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <p className="min-w-0 text-sm wrap-anywhere">
              <span className="font-semibold">{t('shell.tenant')}</span> <Ltr>{tenant}</Ltr>
            </p>
          )}
          <div className="flex min-w-0 items-center gap-2 text-sm">
            <label htmlFor={`${ids}-language`} className="font-semibold">
              {t('shell.language')}
            </label>
            <select
              id={`${ids}-language`}
              className="h-9 min-w-0 max-w-full rounded-lg border border-border bg-bg px-2 text-text"
              value={lang}
              onChange={(e) => {
                if (isLanguageCode(e.target.value)) void setLanguage(e.target.value);
              }}
            >
              {LANGUAGES.map((language) => (
                <option key={language.code} value={language.code} lang={language.code}>
                  {language.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="ms-auto flex min-w-0 flex-wrap items-center gap-3">
          <p className="min-w-0 text-sm wrap-anywhere">
            <span className="block">
              <MessageWithLtr message={(email) => t('shell.signedInAs', { email })} value={me.email} />
            </span>
            <span className="block text-muted">{role}</span>
          </p>
          <Button variant="secondary" onClick={() => void signOut()}>
            {t('shell.signOut')}
          </Button>
        </div>
      </div>
    </header>
  );
}

function Shell() {
  const { t } = useAdminI18n();
  const [hostTenant, setChosen] = useState(() => sessionStorage.getItem(TENANT_STORAGE_KEY));
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const home = useContext(HostTenant);
  const meClient = useMemo(() => createConsoleClient(home, goToSignIn), [home]);
  const me = useQuery({ queryKey: ['admin', 'me'], queryFn: () => sessionCalls.me(meClient), retry: false });
  const data = me.data;
  // A platform administrator acts on the tenant chosen (X-Tenant-ID); a member on their own.
  const tenant = data ? (data.role === 'platform_admin' ? (hostTenant && data.tenants.includes(hostTenant) ? hostTenant : home) : (data.tenant ?? home)) : home;
  const api = useMemo(() => createConsoleClient(tenant, goToSignIn), [tenant]);
  if (me.isPending) return <Loading />;
  if (!data) {
    return (
      <main className="p-6">
        <Notice tone="error">{t('loadFailed')}</Notice>
      </main>
    );
  }
  const pages = pagesFor(data.role);
  const onTenant = (next: string) => {
    sessionStorage.setItem(TENANT_STORAGE_KEY, next);
    setChosen(next);
  };
  return (
    <ConsoleContext value={{ me: data, tenant, api }}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2">
        {t('skipToContent')}
      </a>
      <Header tenants={data.tenants} onTenant={onTenant} />
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-4 px-4 py-4 md:grid-cols-[12rem_minmax(0,1fr)] md:gap-6 md:py-6">
        {pages.length > 0 && (
          // A phone folds the pages into a menu button; a wider screen shows them as a column beside the page.
          <nav aria-label={t('shell.navigation')}>
            <button
              type="button"
              className="mb-2 flex min-h-11 w-full items-center justify-between rounded-xl border border-border bg-surface px-4 font-semibold md:hidden focus-visible:outline-2 focus-visible:outline-accent"
              aria-expanded={menuOpen}
              aria-controls={`${menuId}-pages`}
              onClick={() => setMenuOpen(!menuOpen)}
            >
              {t('shell.menu')}
              <span aria-hidden="true">{menuOpen ? '▴' : '▾'}</span>
            </button>
            <ul id={`${menuId}-pages`} className={`${menuOpen ? 'flex' : 'hidden'} flex-col gap-1 md:flex md:gap-2`} onClick={() => setMenuOpen(false)}>
              {atLeastAdmin(data.role) && (
                // An owner's or administrator's home: the setup checklist, then the dashboard.
                <li>
                  <NavLink to="/" end className={navClass}>
                    {t('nav.home')}
                  </NavLink>
                </li>
              )}
              {pages.map((page) => (
                <li key={page}>
                  <NavLink to={`/${page}`} className={navClass}>
                    {t(`nav.${page}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main id="main" tabIndex={-1} className="min-w-0 outline-none">
          <Outlet key={tenant} />
        </main>
      </div>
    </ConsoleContext>
  );
}

function createRouter() {
  return createBrowserRouter(
    [
      {
        path: '/',
        element: <Shell />,
        children: [
          { index: true, element: <Home /> },
          { path: 'settings', element: <Guard page="settings"><SettingsPage /></Guard> },
          { path: 'staff', element: <Guard page="staff"><StaffPage /></Guard> },
          { path: 'audit', element: <Guard page="audit"><AuditPage /></Guard> },
          { path: 'vouchers', element: <Guard page="vouchers"><VouchersPage /></Guard> },
          { path: 'vouchers/:batchId', element: <Guard page="vouchers"><VoucherBatchPage /></Guard> },
          { path: 'media', element: <Guard page="media"><MediaPage /></Guard> },
          { path: 'structures', element: <Guard page="structures"><StructuresPage /></Guard> },
          { path: 'catalog', element: <Guard page="catalog"><CatalogPage /></Guard> },
          { path: 'catalog/:id', element: <Guard page="catalog"><CatalogEditorPage /></Guard> },
          { path: 'plans', element: <Guard page="plans"><PlansPage /></Guard> },
          { path: 'plans/:id', element: <Guard page="plans"><PlanEditPage /></Guard> },
          { path: 'customers', element: <Guard page="customers"><CustomersPage /></Guard> },
          { path: 'customers/:userId', element: <Guard page="customers"><CustomerPage /></Guard> },
          { path: 'reports/*', element: <Guard page="reports"><ReportsPage /></Guard> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
    { basename: '/admin' },
  );
}

export function ConsoleApp({ i18n, hostTenant }: { i18n: I18nInstance; hostTenant: string }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, refetchOnWindowFocus: false } } }));
  const [router] = useState(createRouter);
  return (
    <AdminI18nProvider instance={i18n}>
      <HostTenant value={hostTenant}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </HostTenant>
    </AdminI18nProvider>
  );
}
