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
    list.push({ kind: hit.kind, id: hit.id, title: hit.title, detail: hit.detail, path: pathOf(hit) });
    byKind.set(hit.kind, list);
  }
  return KINDS.filter((kind) => byKind.has(kind)).map((kind) => ({ kind, hits: byKind.get(kind) ?? [] }));
}

/** Whether a key press is the search's shortcut: Ctrl-K, or ⌘-K on a Mac. */
export function isSearchShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
}
