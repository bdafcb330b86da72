import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@/config/languages';
import { ROUTE_ENTRIES } from '@/config/paths';
import { createRouteObjects, createTestRouter, entriesMatching } from '../router';

const CHECKED_COUNT = ROUTE_ENTRIES.filter((entry) => entry.protected || entry.validate).length;

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

  it('loads every page lazily and guards protected pages and pages with their own validation', () => {
    for (const route of pageRoutes) expect(typeof route.lazy).toBe('function');
    const checked = pageRoutes.filter((route) => route.loader !== undefined);
    expect(checked).toHaveLength(CHECKED_COUNT * 7);
  });

  it('sends unmatched paths to a catch-all', () => {
    expect(root.children?.some((route) => route.path === '*')).toBe(true);
  });
});

describe('the first page\'s routes', () => {
  const matching = (path: string) => ROUTE_ENTRIES.filter((entry) => entriesMatching(path)!(entry)).map((entry) => entry.path);

  it('keeps the entries that can match the first path: its first segment, any case, or a parameter', () => {
    expect(matching('/music/tracks/midnight-drive/20001')).toEqual(expect.arrayContaining(['/music/tracks/:title/:track', '/music/tracks', '/:name']));
    expect(matching('/MUSIC/tracks')).toContain('/music/tracks');
    expect(matching('/music/tracks')).not.toContain('/video/details/:id');
    expect(matching('/')).toEqual(expect.arrayContaining(['/', '/:name']));
    expect(entriesMatching('/%E0%A4%A/x')).toBeUndefined();
  });

  it('matches the first page from its few routes and finds every other route on the way', async () => {
    const router = createTestRouter('/music/tracks/midnight-drive/20001?x=1');
    const pageId = () => router.state.matches.at(-1)?.route.id;
    const routeCount = () => router.routes[0]!.children!.reduce((sum, layout) => sum + (layout.children?.length ?? 0), 0);
    await waitUntil(() => router.state.initialized);
    expect(pageId()).toBe('default:music-tracks-title-track');
    expect(routeCount()).toBeLessThan(ROUTE_ENTRIES.length / 2);

    await router.navigate('/search?q=neon');
    expect(pageId()).toBe('default:search');
    expect(routeCount()).toBe(ROUTE_ENTRIES.length);
    await router.navigate('/ar/video/details/3102');
    expect(pageId()).toBe('ar:video-details-id');
    await router.navigate('/no/such/page');
    expect(pageId()).toBe('not-found');
    router.dispose();
  });
});

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
}
