import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@/config/languages';
import { ROUTE_ENTRIES } from '@/config/paths';
import { createRouteObjects } from '../router';

const PROTECTED_COUNT = ROUTE_ENTRIES.filter((entry) => entry.protected).length;

describe('generated routes', () => {
  const root = createRouteObjects()[0]!;
  const pageRoutes = (root.children ?? []).flatMap((layout) => layout.children ?? []);

  it('registers the unprefixed route and the six prefixed variants of every route', () => {
    expect(pageRoutes).toHaveLength(ROUTE_ENTRIES.length * 7);
    const registered = new Set(pageRoutes.map((route) => route.path));
    for (const entry of ROUTE_ENTRIES) {
      expect(registered).toContain(entry.path);
      for (const lang of LANGUAGE_CODES) expect(registered).toContain(entry.path === '/' ? `/${lang}` : `/${lang}${entry.path}`);
    }
  });

  it('loads every page lazily and guards protected pages', () => {
    for (const route of pageRoutes) expect(typeof route.lazy).toBe('function');
    const guarded = pageRoutes.filter((route) => route.loader !== undefined);
    expect(guarded).toHaveLength(PROTECTED_COUNT * 7);
  });

  it('sends unmatched paths to a catch-all', () => {
    expect(root.children?.some((route) => route.path === '*')).toBe(true);
  });
});
