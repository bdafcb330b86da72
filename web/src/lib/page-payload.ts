/**
 * Per-page payloads (docs/contracts.md): the server embeds the first page's `page.data` in the
 * shell, and `/_payload/<path>.json` answers the same `{route, data}` for any page. A link hovered
 * fetches its payload once; registered seeders (structures, catalog) put its parts into the query
 * cache, and pages may read the raw data of their path (e.g. `list`) for their first paint.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { splitLanguagePrefix } from '@/config/paths';
import { fetchPortalJson } from './api-client';

export type PageData = Record<string, unknown>;
export type PayloadSeeder = (queryClient: QueryClient, lang: LanguageCode, data: PageData) => void;

const byPath = new Map<string, PageData>();
const notFound = new Set<string>();
const requested = new Map<string, Promise<PageData | null>>();
const seeders: PayloadSeeder[] = [];
let context: { queryClient: QueryClient; lang: () => LanguageCode } | null = null;
/** Off while parental control limits the user below the tenant (payloads are kept at the tenant's limit). */
let allowed = true;

export function setPagePayloadsAllowed(next: boolean): void {
  if (allowed === next) return;
  allowed = next;
  if (!next) clearPagePayloads();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** '/ar/music/tracks?x=1' -> '/ar/music/tracks' (no trailing slash, no query). */
export function payloadKey(path: string): string {
  const bare = path.replace(/[?#].*$/, '').replace(/\/+$/, '');
  return bare === '' ? '/' : bare;
}

/** '/' -> '/_payload/index.json'; '/ar/music/tracks' -> '/_payload/ar/music/tracks.json'. */
export function payloadUrl(path: string): string {
  const key = payloadKey(path);
  return key === '/' ? '/_payload/index.json' : `/_payload${key}.json`;
}

export function configurePagePayloads(queryClient: QueryClient, lang: () => LanguageCode, pageSeeders: PayloadSeeder[]): void {
  context = { queryClient, lang };
  seeders.splice(0, seeders.length, ...pageSeeders);
}

/** Remembers a page's data (the shell's payload at start-up) and seeds the cache from it. */
export function rememberPagePayload(path: string, data: PageData | null | undefined, lang?: LanguageCode): void {
  if (!data || !allowed) return;
  byPath.set(payloadKey(path), data);
  if (!context) return;
  const language = lang ?? splitLanguagePrefix(payloadKey(path)).lang ?? context.lang();
  for (const seed of seeders) seed(context.queryClient, language, data);
}

/**
 * The server answered 404 for a path whose route matched (a details URL naming no article, a
 * content page without its structure): the router shows the error page there (navigation-loader).
 */
export function rememberNotFound(path: string): void {
  notFound.add(payloadKey(path));
}

export function isKnownNotFound(path: string): boolean {
  return notFound.has(payloadKey(path));
}

/** The payload data known for a path (first paint), if any. */
export function pagePayload(path: string): PageData | null {
  return byPath.get(payloadKey(path)) ?? null;
}

/** Fetches `/_payload/<path>.json` once per path (hover prefetch); failures are quiet. */
export function prefetchPagePayload(path: string, lang?: LanguageCode): Promise<PageData | null> {
  const key = payloadKey(path);
  if (!allowed || !key.startsWith('/') || key.startsWith('//')) return Promise.resolve(null);
  const known = byPath.get(key);
  if (known) return Promise.resolve(known);
  let pending = requested.get(key);
  if (!pending) {
    pending = fetchPortalJson<unknown>(payloadUrl(key))
      .then((body) => {
        const data = isObject(body) && isObject(body.data) ? body.data : null;
        rememberPagePayload(key, data, lang);
        return data;
      })
      .catch(() => null);
    requested.set(key, pending);
  }
  return pending;
}

/** Tests: forget every payload. */
export function clearPagePayloads(): void {
  byPath.clear();
  requested.clear();
  notFound.clear();
}
