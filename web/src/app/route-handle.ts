import type { LanguageCode } from '@/config/languages';
import type { RouteEntry } from '@/config/paths';

/** What every generated page route carries in `handle`. */
export interface RouteHandle {
  route: RouteEntry;
  lang: LanguageCode | null;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'route' in value;
}
