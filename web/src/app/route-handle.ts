import { useMatches } from 'react-router';
import type { LanguageCode } from '@/config/languages';
import type { PageKey, RouteEntry } from '@/config/paths';

/** What every generated page route carries in `handle`. */
export interface RouteHandle {
  route: RouteEntry;
  lang: LanguageCode | null;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'route' in value;
}

/** The page of the deepest matched route (its handle), or null outside the generated routes. */
export function useRoutePage(): PageKey | null {
  const handle = [...useMatches()].reverse().map((match) => match.handle).find(isRouteHandle);
  return handle?.route.page ?? null;
}
