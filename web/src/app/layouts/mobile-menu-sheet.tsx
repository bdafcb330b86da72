/** The mobile menu's side sheet (Radix dialog): search and the header links, loaded on first use (site-header.tsx). */
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '@/lib/use-translation';
import { IconButton } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { LanguageMenu } from '@/features/language/components/language-menu';
import { HeaderSearch } from '@/features/search/components/header-search';
import { useStructure } from '@/features/structure/api/get-structure';
import { useChromeStructure } from '@/features/structure/chrome-structure';
import { StructureLinks } from '@/features/structure/components/structure-links';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { NAV_LINK, useNavigationLinks } from './nav-link';

interface MobileMenuSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button lives outside the dialog: focus goes back to it on close. */
  returnFocus: () => void;
}

export function MobileMenuSheet({ open, onOpenChange, returnFocus }: MobileMenuSheetProps) {
  const { t } = useTranslation();
  const header = useStructure(useChromeStructure('header'));
  const navigationLinks = useNavigationLinks();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 lg:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 end-0 z-50 flex w-80 max-w-[85vw] flex-col gap-4 border-s border-border bg-surface p-4 text-text shadow-2xl lg:hidden"
          onEscapeKeyDown={(event) => {
            // Escape first closes the search box's open suggestions, not the menu.
            if (document.activeElement?.getAttribute('aria-expanded') === 'true') event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <div className="flex items-center gap-1">
            <Dialog.Title className="me-auto text-lg font-bold">{t('site.menu')}</Dialog.Title>
            {/* The header shows these from sm up. */}
            <div className="contents sm:hidden">
              <LanguageMenu />
              <ThemeToggle />
            </div>
            <Dialog.Close asChild>
              <IconButton label={t('site.closeMenu')}>
                <CloseIcon />
              </IconButton>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('site.mainNavigation')}</Dialog.Description>
          <HeaderSearch onNavigate={() => onOpenChange(false)} />
          <nav aria-label={t('site.mainNavigation')}>
            <StructureLinks structure={header.data} more={navigationLinks} className="flex flex-col gap-1" linkClassName={`${NAV_LINK} text-base`} onNavigate={() => onOpenChange(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
