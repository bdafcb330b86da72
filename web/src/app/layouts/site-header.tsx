/** The header: tenant brand, the links of its structure (settings.header.structure, else `header`), search box, language menu, theme toggle, cart, notifications, sign-in / account menu. */
import { toImageUrl } from '@/lib/image-url';
import { Suspense, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { IconButton } from '@/components/ui/button';
import { MenuIcon } from '@/components/ui/icons';
import { ContentContainer } from '@/components/layouts/content-container';
import { CartButton } from '@/features/cart/components/cart-button';
import { AccountControl } from '@/features/identity/components/account-menu';
import { LanguageMenu } from '@/features/language/components/language-menu';
import { NotificationsBadge } from '@/features/notifications/components/notifications-badge';
import { useStructure } from '@/features/structure/api/get-structure';
import { useChromeStructure } from '@/features/structure/chrome-structure';
import { StructureLinks } from '@/features/structure/components/structure-links';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { lazyPart, useDeferredPart } from '@/lib/lazy-part';
import { useLocalizePath } from '@/lib/use-language';
import { useSiteLogo, useSiteName } from '../use-site-name';
import { NAV_LINK, useNavigationLinks } from './nav-link';

const loadSheet = () => import('./mobile-menu-sheet');

/**
 * The search box shows in the header from lg up (Tailwind's 64rem); below, the menu sheet has it. Its code loads
 * where it shows (issue 52: a phone's first load carried 1.5 KB of a box it never draws); until then an empty box
 * of the same size holds its place, so the controls beside it do not move.
 */
const HeaderSearch = lazyPart(() => import('@/features/search/components/header-search').then((module) => module.HeaderSearch));
const WIDE = '(min-width: 64rem)';
const SEARCH_BOX = 'mx-auto hidden max-w-xl min-w-0 flex-1 lg:block';

function subscribeWide(listener: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** Whether the viewport is lg or wider (where matchMedia is missing, as wide: the box shows). */
function useWide(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => typeof window.matchMedia !== 'function' || window.matchMedia(WIDE).matches,
    () => true,
  );
}

function WideHeaderSearch() {
  const wide = useWide();
  const placeholder = <div aria-hidden="true" className={SEARCH_BOX} />;
  if (!wide) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <HeaderSearch className={SEARCH_BOX} />
    </Suspense>
  );
}

/**
 * The size of the logo the server's first view drew (app/first_view.cpp) and loaded, when it shows the same image: read
 * during the first render, before React replaces the drawn page. React's own <img> is a new element whose image may not
 * be at hand at its first layout (`h-8 w-auto` has no width until it is); with the size as its width and height it has
 * the drawn box at once, and the brand's name does not move. Where the drawn logo was not at hand either (a request
 * that failed or came late on a loaded machine), both boxes keep at least the square a logo usually is (min-w-8).
 */
function drawnLogoBox(src: string | null): { src: string; width: number; height: number } | undefined {
  if (!src) return undefined;
  const drawn = document.querySelector<HTMLImageElement>('[data-first-view] header img');
  if (drawn?.getAttribute('src') !== src || !drawn.complete || drawn.naturalWidth === 0 || drawn.naturalHeight === 0) return undefined;
  return { src, width: drawn.naturalWidth, height: drawn.naturalHeight };
}

export function SiteHeader() {
  const { t } = useTranslation();
  const header = useStructure(useChromeStructure('header'));
  const navigationLinks = useNavigationLinks();
  const siteName = useSiteName();
  const localize = useLocalizePath();
  // As WebP where the server has one, like every catalog image (lib/image-url.ts; the server's first view asks the same).
  const logo = toImageUrl(useSiteLogo() ?? header.data?.data.imageUrl ?? null);
  const [drawn] = useState(() => drawnLogoBox(logo));
  const drawnLogo = drawn?.src === logo ? drawn : undefined;

  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <ContentContainer className="flex h-16 items-center gap-3 lg:gap-6">
        <Link to={localize('/')} className="flex shrink-0 items-center gap-2 rounded-lg text-xl font-extrabold tracking-tight text-primary" title={t('site.home')}>
          {logo ? <img src={logo} alt="" width={drawnLogo?.width} height={drawnLogo?.height} className="h-8 w-auto min-w-8 max-w-32" /> : <span aria-hidden="true" className="inline-block size-8 rounded-lg bg-primary" />}
          {/* The visible name is the link's name (WCAG 2.5.3); on narrow screens it stays for screen readers. */}
          <span className="max-[419px]:sr-only">{siteName}</span>
        </Link>
        <WideHeaderSearch />
        <div className="ms-auto flex items-center gap-1 lg:ms-0">
          {/* Below sm the language and theme controls move into the menu sheet: a 320-pixel phone has room for the cart, the bell, the account and the menu only. */}
          <div className="hidden sm:contents">
            <LanguageMenu />
            <ThemeToggle />
          </div>
          <CartButton />
          <NotificationsBadge />
          <AccountControl />
          <MobileMenu />
        </div>
      </ContentContainer>
      {/* From lg up the links have their own row: with the search box they would not fit beside the brand. */}
      <ContentContainer className="hidden lg:block">
        <nav aria-label={t('site.mainNavigation')} className="-mt-1 pb-2">
          <StructureLinks structure={header.data} more={navigationLinks} className="flex items-center gap-1 overflow-x-auto" linkClassName={NAV_LINK} />
        </nav>
      </ContentContainer>
    </header>
  );
}

/**
 * Below the lg breakpoint the header links move into a side sheet (Radix dialog), loaded the first
 * time the menu button is pressed (issue 14); pointing at the button or focusing it starts the download.
 */
function MobileMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const sheet = useDeferredPart(loadSheet);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <IconButton
        ref={button}
        label={t('site.menu')}
        className="lg:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={sheet.prefetch}
        onFocus={sheet.prefetch}
        onClick={() => {
          sheet.request();
          setOpen(true);
        }}
      >
        <MenuIcon />
      </IconButton>
      {sheet.module && sheet.requested && <sheet.module.MobileMenuSheet open={open} onOpenChange={setOpen} returnFocus={() => button.current?.focus()} />}
    </>
  );
}
