/**
 * A node's link (clickUrl) as an editor chooses it: an article's page, a page of the storefront (a structure,
 * a section, a genre), a plan, or an address elsewhere. Every choice is a storefront path or an http(s)
 * address, the one link rule the server keeps (core/links.hpp safe_link, structure_validation.cpp); this
 * module builds them and reads them back.
 */
import { getHref } from '@/config/paths';

export type LinkKind = 'none' | 'article' | 'page' | 'plan' | 'external';

/** The storefront's list page of each catalog section (the header's links, docs/merchandising.md). */
export const SECTION_PATHS: Record<string, string> = {
  music: '/music/tracks',
  video: '/video/list/featured',
  games: '/games/list',
  audiobook: '/audiobook/list',
  podcast: '/podcast/list',
  news: '/news',
  articles: '/articles/premium',
  vouchers: '/vouchers',
  tournaments: '/tournaments',
  apps: '/apps/viewAll',
};

/** The storefront pages every tenant has, beside its structures' and its sections'. */
export const FIXED_PAGES = ['/', '/subscription', '/search', '/favorites', '/history'] as const;

/** A genre's or category's page of a section, as the storefront's own chips link it (catalog-list.tsx). */
export function categoryHref(section: string, id: string): string {
  switch (section) {
    case 'music': return getHref('music-genre-name', { name: id });
    case 'video': return getHref('video-category-name-id', { name: id, id });
    case 'games': return getHref('games-category-name-id', { name: id, id });
    case 'audiobook': return getHref('audiobook-genre-name', { name: id });
    case 'podcast': return getHref('podcast-list', {}, { query: { category: id } });
    case 'news': return getHref('news-category', { category: id });
    case 'articles': return getHref('articles-category', { category: id });
    case 'apps': return getHref('mp-category', { category: id });
    case 'vouchers': return getHref('vouchers-category-id', { id });
    default: return SECTION_PATHS[section] ?? '/';
  }
}

/** A plan's link: the plans page, which names the plan (the storefront shows every plan there). */
export function planHref(planId: number): string {
  return `/subscription?plan=${planId}`;
}

export function planIdOf(url: string): number | null {
  const match = /^\/subscription\?plan=(\d+)$/.exec(url);
  return match ? Number(match[1]) : null;
}

/** The article a storefront path names (its last part is the id: /music/playlists/neon-skyline/2102). */
export function articleIdOfHref(url: string): number | null {
  if (!url.startsWith('/') || url.includes('?')) return null;
  const match = /\/(\d+)$/.exec(url);
  return match ? Number(match[1]) : null;
}

/**
 * What kind of link a clickUrl is. `pages` are the paths the page choice offers: a path among them is a page,
 * a plan's is a plan, another path ending in a number an article, an http(s) address external.
 */
export function linkKind(url: string, pages: readonly string[]): LinkKind {
  if (url === '') return 'none';
  if (/^https?:\/\//i.test(url)) return 'external';
  if (planIdOf(url) !== null || url === '/subscription') return url === '/subscription' && pages.includes(url) ? 'page' : 'plan';
  if (pages.includes(url)) return 'page';
  if (articleIdOfHref(url) !== null) return 'article';
  return 'page';
}

/** Whether an address typed for an external link keeps the link rule (http or https, a host, no spaces). */
export function validExternal(url: string): boolean {
  if (!/^https?:\/\/[^\s/?#\\"'<>]+([/?#][^\s\\"'<>]*)?$/i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}
