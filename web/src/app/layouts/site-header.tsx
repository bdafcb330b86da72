/** The header: tenant brand, the `header` structure's links, search box, language menu, theme toggle, sign-in / account menu. */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconButton } from '@/components/ui/button';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { ContentContainer } from '@/components/layouts/content-container';
import { AccountControl } from '@/features/identity/components/account-menu';
import { LanguageMenu } from '@/features/language/components/language-menu';
import { NotificationsBadge } from '@/features/notifications/components/notifications-badge';
import { HeaderSearch } from '@/features/search/components/header-search';
import { useStructure } from '@/features/structure/api/get-structure';
import { StructureLinks } from '@/features/structure/components/structure-links';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { useLocalizePath } from '@/lib/use-language';
import { useSiteLogo, useSiteName } from '../use-site-name';

const NAV_LINK = 'block rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap text-text transition-colors hover:bg-bg hover:text-primary';

export function SiteHeader() {
  const { t } = useTranslation();
  const header = useStructure('header');
  const siteName = useSiteName();
  const localize = useLocalizePath();
  const logo = useSiteLogo() ?? header.data?.data.imageUrl ?? null;

  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <ContentContainer className="flex h-16 items-center gap-3 lg:gap-6">
        <Link to={localize('/')} className="flex shrink-0 items-center gap-2 rounded-lg text-xl font-extrabold tracking-tight text-primary" title={t('site.home')}>
          {logo ? <img src={logo} alt="" className="h-8 w-auto max-w-32" /> : <span aria-hidden="true" className="inline-block size-8 rounded-lg bg-primary" />}
          {/* The visible name is the link's name (WCAG 2.5.3); on narrow screens it stays for screen readers. */}
          <span className="max-[419px]:sr-only">{siteName}</span>
        </Link>
        <HeaderSearch className="mx-auto hidden max-w-xl min-w-0 flex-1 lg:block" />
        <div className="ms-auto flex items-center gap-1 lg:ms-0">
          <LanguageMenu />
          <ThemeToggle />
          <NotificationsBadge />
          <AccountControl />
          <MobileMenu />
        </div>
      </ContentContainer>
      {/* From lg up the links have their own row: with the search box they would not fit beside the brand. */}
      <ContentContainer className="hidden lg:block">
        <nav aria-label={t('site.mainNavigation')} className="-mt-1 pb-2">
          <StructureLinks structure={header.data} className="flex items-center gap-1 overflow-x-auto" linkClassName={NAV_LINK} />
        </nav>
      </ContentContainer>
    </header>
  );
}

/** Below the lg breakpoint the header links move into a side sheet. */
function MobileMenu() {
  const { t } = useTranslation();
  const header = useStructure('header');
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <IconButton label={t('site.menu')} className="lg:hidden">
          <MenuIcon />
        </IconButton>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 lg:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 end-0 z-50 flex w-80 max-w-[85vw] flex-col gap-4 border-s border-border bg-surface p-4 text-text shadow-2xl lg:hidden"
          onEscapeKeyDown={(event) => {
            // Escape first closes the search box's open suggestions, not the menu.
            if (document.activeElement?.getAttribute('aria-expanded') === 'true') event.preventDefault();
          }}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{t('site.menu')}</Dialog.Title>
            <Dialog.Close asChild>
              <IconButton label={t('site.closeMenu')}>
                <CloseIcon />
              </IconButton>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('site.mainNavigation')}</Dialog.Description>
          <HeaderSearch onNavigate={() => setOpen(false)} />
          <nav aria-label={t('site.mainNavigation')}>
            <StructureLinks structure={header.data} className="flex flex-col gap-1" linkClassName={`${NAV_LINK} text-base`} onNavigate={() => setOpen(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
