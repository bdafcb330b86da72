/**
 * The console's frame around every page: the header (tenant, language, who is signed in, sign-out) and the pages'
 * navigation (a menu button on a phone), for the role signed in (GET /backend/admin/me). The pages are the route
 * table's (routes.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { useContext, useId, useMemo, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { LANGUAGES, isLanguageCode } from '@/config/languages';
import { Button } from '@/components/ui/button';
import { Ltr, MessageWithLtr } from '@/components/ui/ltr-text';
import { Notice } from '@/admin/components/notice';
import { createConsoleClient, goToSignIn, sessionCalls } from '@/admin/lib/api';
import { ConsoleContext, useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { SearchLauncher } from '@/admin/features/search/search-launcher';
import { adminKeys } from '@/admin/lib/query-keys';
import { atLeastAdmin, isRole, pagesFor } from '@/admin/lib/roles';
import { HostTenant } from './host-tenant';

const TENANT_STORAGE_KEY = 'portal:console-tenant';

export function Loading() {
  const { t } = useAdminI18n();
  return (
    <p role="status" className="p-6 text-muted">
      {t('loading')}
    </p>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-xl px-3 py-2 text-sm font-semibold md:px-4 md:text-base focus-visible:outline-2 focus-visible:outline-accent ${isActive ? 'bg-primary text-primary-contrast' : 'text-text hover:bg-surface'}`;

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
          <SearchLauncher />
          <Button variant="secondary" onClick={() => void signOut()}>
            {t('shell.signOut')}
          </Button>
        </div>
      </div>
    </header>
  );
}

export function Shell() {
  const { t } = useAdminI18n();
  const [hostTenant, setChosen] = useState(() => sessionStorage.getItem(TENANT_STORAGE_KEY));
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const home = useContext(HostTenant);
  const meClient = useMemo(() => createConsoleClient(home, goToSignIn), [home]);
  const me = useQuery({ queryKey: adminKeys.me(), queryFn: () => sessionCalls.me(meClient), retry: false });
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
