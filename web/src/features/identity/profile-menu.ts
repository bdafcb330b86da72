/**
 * The account menu's entries (settings.profileMenu, docs/tenants.md "The other named settings"): the tenant's
 * `items` in its order (all seven when it sets none), then its `links`; Sign out is always last (the menu's own).
 */
import type { GlobalSettings } from '@/lib/portal-types';
import { localText } from '@/lib/local-text';

export const PROFILE_MENU_ITEMS = ['profile', 'manage', 'favorites', 'history', 'rewards', 'purchases', 'redeem'] as const;
export type ProfileMenuItem = (typeof PROFILE_MENU_ITEMS)[number];

export interface ProfileMenuLink {
  label: string;
  href: string;
}

const MAX_LINKS = 5;

function isItem(value: unknown): value is ProfileMenuItem {
  return (PROFILE_MENU_ITEMS as readonly unknown[]).includes(value);
}

export function profileMenuOf(configs: GlobalSettings, lang: string): { items: ProfileMenuItem[]; links: ProfileMenuLink[] } {
  const menu = (typeof configs.profileMenu === 'object' && configs.profileMenu !== null ? configs.profileMenu : {}) as { items?: unknown; links?: unknown };
  const items = Array.isArray(menu.items) ? [...new Set(menu.items.filter(isItem))] : [...PROFILE_MENU_ITEMS];
  const links = (Array.isArray(menu.links) ? (menu.links as unknown[]) : [])
    .map((link) => {
      const { label, href } = (typeof link === 'object' && link !== null ? link : {}) as { label?: unknown; href?: unknown };
      return { label: localText(label, lang, configs.defaultLocale), href: typeof href === 'string' ? href.trim() : '' };
    })
    .filter((link) => link.label !== '' && link.href !== '')
    .slice(0, MAX_LINKS);
  return { items, links };
}
