import type { LinkItem } from '@/features/structure/links';
import { localText } from '@/lib/local-text';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';

/** The look of a header link, in the header row and in the mobile menu's sheet. */
export const NAV_LINK = 'block rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap text-text transition-colors hover:bg-bg hover:text-primary';

/** The most entries settings.navigation.links may hold (docs/tenants.md); more are not shown. */
const MAX_NAVIGATION_LINKS = 8;

/** The operator's entries of settings.navigation.links; one without words or address is left out. */
export function navigationLinksOf(navigation: unknown, lang: string, defaultLocale?: string): LinkItem[] {
  const links = (navigation as { links?: unknown } | null | undefined)?.links;
  if (!Array.isArray(links)) return [];
  return links.slice(0, MAX_NAVIGATION_LINKS).flatMap((link: unknown, index) => {
    const { label, href } = (link ?? {}) as { label?: unknown; href?: unknown };
    const title = localText(label, lang, defaultLocale);
    return title !== '' && typeof href === 'string' && href !== '' ? [{ key: `navigation-${index}`, title, href }] : [];
  });
}

/** The header's entries after the header structure's own, in the header row and the phone's menu. */
export function useNavigationLinks(): LinkItem[] {
  const navigation = usePortalStore((state) => state.configs.navigation);
  const defaultLocale = usePortalStore((state) => state.configs.defaultLocale);
  return navigationLinksOf(navigation, useCurrentLanguage(), defaultLocale);
}
