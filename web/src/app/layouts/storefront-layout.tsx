/**
 * The apps marketplace storefront (spec 1 §1: a tenant-specific layout): the default chrome plus the
 * marketplace's own sections (all apps, FAQ, partner registration, partner's apps). The tenant picks
 * how they show with `settings.desktopSettings.layout` (formerly `settings.storefront.layout`; docs/tenants.md):
 * - `"bar"` (default): a bar in the tenant's colour across the top of the page;
 * - `"sidebar"`: a side column of sections beside the page on wide screens (a row of tabs above it on
 *   narrower ones), in the page's own colours.
 */
import { useTranslation } from '@/lib/use-translation';
import { NavLink, Outlet } from 'react-router';
import { ContentContainer } from '@/components/layouts/content-container';
import { SkipLink } from '@/components/layouts/skip-link';
import { MiniPlayerSpacer } from '@/features/streaming/components/mini-player-spacer';
import { getHref } from '@/config/paths';
import { usePortalStore } from '@/lib/store';
import { useLocalizePath } from '@/lib/use-language';
import { AnnouncementBar } from './announcement-bar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { storefrontLayoutOf } from './storefront-layout-name';
import { MiniPlayerSlot } from '../commerce-slots';

const SECTIONS = [
  { href: getHref('apps-viewAll', {}), titleKey: 'meta.appsAll.title' },
  { href: getHref('apps-faq', {}), titleKey: 'meta.appsFaq.title' },
  { href: getHref('apps-register', {}), titleKey: 'meta.appsRegister.title' },
  { href: getHref('apps-manage', {}), titleKey: 'meta.appsManage.title' },
] as const;

function SectionLinks({ linkClass }: { linkClass: (active: boolean) => string }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return SECTIONS.map((section) => (
    <NavLink key={section.href} to={localize(section.href)} className={({ isActive }) => linkClass(isActive)}>
      {t(section.titleKey)}
    </NavLink>
  ));
}

function Page() {
  return <Outlet />;
}

export function StorefrontLayout() {
  const { t } = useTranslation();
  const layout = usePortalStore((state) => storefrontLayoutOf(state.configs));
  const label = t('meta.marketplaceCategory.title');
  return (
    <div className="flex min-h-dvh flex-col bg-bg text-text" data-storefront-layout={layout}>
      <SkipLink label={t('site.skipToContent')} />
      <AnnouncementBar />
      <SiteHeader />
      {layout === 'bar' ? (
        <>
          <nav aria-label={label} className="border-b border-border bg-primary text-primary-contrast">
            <ContentContainer className="flex h-12 items-center gap-1 overflow-x-auto">
              <SectionLinks linkClass={(active) => `shrink-0 rounded-full px-3 py-1.5 text-sm font-semibold transition-colors hover:bg-black/15 ${active ? 'bg-black/20' : ''}`} />
            </ContentContainer>
          </nav>
          <main id="main-content" tabIndex={-1} className="flex-1 py-6 outline-none sm:py-8">
            <ContentContainer>
              <Page />
            </ContentContainer>
          </main>
        </>
      ) : (
        <ContentContainer className="flex flex-1 flex-col gap-6 py-6 sm:py-8 lg:flex-row lg:gap-10">
          <nav aria-label={label} className="min-w-0 lg:w-60 lg:shrink-0">
            <p className="mb-3 hidden text-xs font-bold uppercase tracking-wider text-muted lg:block">{label}</p>
            <div className="flex gap-2 overflow-x-auto border-b border-border pb-3 lg:sticky lg:top-24 lg:flex-col lg:gap-1 lg:overflow-visible lg:border-b-0 lg:border-e lg:pe-4 lg:pb-0">
              <SectionLinks
                linkClass={(active) =>
                  `shrink-0 rounded-xl border-s-4 px-3 py-2 text-sm font-semibold transition-colors hover:bg-surface ${active ? 'border-primary bg-surface text-primary' : 'border-transparent text-text'}`
                }
              />
            </div>
          </nav>
          <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 outline-none">
            <Page />
          </main>
        </ContentContainer>
      )}
      <SiteFooter />
      {/* The mini player is fixed to the bottom; the spacer keeps the footer's end reachable above it. */}
      <MiniPlayerSpacer />
      <MiniPlayerSlot />
    </div>
  );
}
