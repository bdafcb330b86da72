/**
 * The console search's rules on the client: the console's own pages found by their translated names (only those the
 * role may open, as the navigation shows them), the server's hits grouped by kind in a fixed order, and the console
 * path each hit opens.
 */
import { atLeastAdmin, pagesFor, type ConsolePage } from '@/admin/lib/roles';
import type { SearchHit } from './search-api';

export const KINDS = ['page', 'customer', 'article', 'plan', 'voucher', 'payment', 'order', 'staff'] as const;
export type Kind = (typeof KINDS)[number];

export interface PageHit {
  kind: 'page';
  id: string;
  title: string;
  path: string;
}
export interface ServerHit {
  kind: Exclude<Kind, 'page'>;
  id: string;
  title: string;
  detail: string;
  path: string;
  amount?: number | null;
  currency?: string | null;
  status?: string | null;
  count?: number | null;
}

/** How the member's language says a hit's parts: a content type, a role, an amount, a number of codes. */
export interface DetailWords {
  contentType: (code: string) => string;
  role: (code: string) => string;
  money: (minor: number, currency: string) => string;
  codes: (count: number) => string;
}

/**
 * The line under a hit's title, in the member's language: an article's content type and a staff member's role by
 * their names, a payment's or order's amount formatted with its status code, a voucher batch's number of codes, a
 * customer's name and number as they are.
 */
export function hitDetail(hit: ServerHit, say: DetailWords): string {
  switch (hit.kind) {
    case 'article':
      return hit.detail === '' ? '' : say.contentType(hit.detail);
    case 'staff':
      return hit.detail === '' ? '' : say.role(hit.detail);
    case 'payment':
    case 'order':
      return [typeof hit.amount === 'number' && hit.currency ? say.money(hit.amount, hit.currency) : '', hit.status ?? ''].filter((part) => part !== '').join(' · ');
    case 'voucher':
      return typeof hit.count === 'number' ? say.codes(hit.count) : hit.detail;
    default:
      return hit.detail;
  }
}
export type Hit = PageHit | ServerHit;
export interface Group {
  kind: Kind;
  hits: Hit[];
}

/** Case and accent-free form for matching a page's name. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{Mn}/gu, '').toLocaleLowerCase();
}

/** The pages this role may open whose translated name contains the query (all of them for an empty query). */
export function pageHits(role: string, q: string, name: (page: ConsolePage | 'home') => string): PageHit[] {
  const pages: (ConsolePage | 'home')[] = [...(atLeastAdmin(role) ? (['home'] as const) : []), ...pagesFor(role)];
  const asked = folded(q.trim());
  return pages
    .map((page) => ({ kind: 'page' as const, id: page, title: name(page), path: page === 'home' ? '/' : `/${page}` }))
    .filter((hit) => asked === '' || folded(hit.title).includes(asked) || hit.id.includes(asked));
}

/** The console path a server hit opens: its page, and the id that page opens. */
export function pathOf(hit: Pick<SearchHit, 'page' | 'pageId'>): string {
  return hit.pageId ? `/${hit.page}/${encodeURIComponent(hit.pageId)}` : `/${hit.page}`;
}

function isServerKind(kind: string): kind is ServerHit['kind'] {
  return (KINDS as readonly string[]).includes(kind) && kind !== 'page';
}

/**
 * One list grouped by kind, pages first: a server hit whose page the role may not open is dropped (the server does not
 * send them; the client does not trust that alone), and so is a kind it does not know.
 */
export function groupHits(role: string, pages: PageHit[], hits: readonly SearchHit[]): Group[] {
  const open = new Set<string>(pagesFor(role));
  const byKind = new Map<Kind, Hit[]>();
  if (pages.length > 0) byKind.set('page', pages);
  for (const hit of hits) {
    if (!isServerKind(hit.kind) || !open.has(hit.page)) continue;
    const list = byKind.get(hit.kind) ?? [];
    list.push({ kind: hit.kind, id: hit.id, title: hit.title, detail: hit.detail, path: pathOf(hit), amount: hit.amount, currency: hit.currency, status: hit.status, count: hit.count });
    byKind.set(hit.kind, list);
  }
  return KINDS.filter((kind) => byKind.has(kind)).map((kind) => ({ kind, hits: byKind.get(kind) ?? [] }));
}

/** Whether a key press is the search's shortcut: Ctrl-K, or ⌘-K on a Mac. */
export function isSearchShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
}
