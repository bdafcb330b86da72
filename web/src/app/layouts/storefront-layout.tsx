/**
 * The apps marketplace storefront: the default chrome plus a storefront bar with the
 * marketplace's own sections (all apps, FAQ, partner registration, partner's apps).
 */
import { useTranslation } from '@/lib/use-translation';
import { NavLink, Outlet } from 'react-router';
import { ContentContainer } from '@/components/layouts/content-container';
import { SkipLink } from '@/components/layouts/skip-link';
import { MiniPlayerSpacer } from '@/features/streaming/components/mini-player-spacer';
import { getHref } from '@/config/paths';
import { useLocalizePath } from '@/lib/use-language';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MiniPlayerSlot } from '../commerce-slots';

const SECTIONS = [
  { href: getHref('apps-viewAll', {}), titleKey: 'meta.appsAll.title' },
  { href: getHref('apps-faq', {}), titleKey: 'meta.appsFaq.title' },
  { href: getHref('apps-register', {}), titleKey: 'meta.appsRegister.title' },
  { href: getHref('apps-manage', {}), titleKey: 'meta.appsManage.title' },
] as const;

export function StorefrontLayout() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <div className="flex min-h-dvh flex-col bg-bg text-text">
      <SkipLink label={t('site.skipToContent')} />
      <SiteHeader />
      <nav aria-label={t('meta.marketplaceCategory.title')} className="border-b border-border bg-primary text-primary-contrast">
        <ContentContainer className="flex h-12 items-center gap-1 overflow-x-auto">
          {SECTIONS.map((section) => (
            <NavLink
              key={section.href}
              to={localize(section.href)}
              className={({ isActive }) => `shrink-0 rounded-full px-3 py-1.5 text-sm font-semibold transition-colors hover:bg-black/15 ${isActive ? 'bg-black/20' : ''}`}
            >
              {t(section.titleKey)}
            </NavLink>
          ))}
        </ContentContainer>
      </nav>
      <main id="main-content" tabIndex={-1} className="flex-1 py-6 outline-none sm:py-8">
        <ContentContainer>
          <Outlet />
        </ContentContainer>
      </main>
      <SiteFooter />
      {/* The mini player is fixed to the bottom; the spacer keeps the footer's end reachable above it. */}
      <MiniPlayerSpacer />
      <MiniPlayerSlot />
    </div>
  );
}
