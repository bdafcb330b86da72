/**
 * The route module: one table (src/config/paths.ts) becomes every route in its unprefixed form and
 * under /en /ar /fr /de /es /ro, grouped under their layout, with lazy page modules.
 *
 * The router starts with only the routes that can match the first page (its language form, and the
 * entries whose first segment is that page's or a parameter); the rest of that form, and each other
 * form, join on the first navigation into them (patchRoutesOnNavigation). The whole table, seven times
 * over, made the router's start one of the longest tasks of a first visit on a slow phone: it ranks
 * and compiles every route it holds (issue 14).
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, createMemoryRouter, data, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import type { LanguageCode } from '@/config/languages';
import { ROUTE_ENTRIES, routeVariants, splitLanguagePrefix, type LayoutName, type RouteEntry } from '@/config/paths';
import { reloadTo } from '@/lib/reload';
import { DefaultLayout } from './layouts/default-layout';
import { navigationLoader, routeLoader } from './navigation-loader';
import { RootShell } from './root-shell';
import { RouteErrorPage } from './route-error-page';
import type { RouteHandle } from './route-handle';
import { loadPageModule } from './routes/page-modules';

type AppRouter = ReturnType<typeof createBrowserRouter>;

let activeRouter: AppRouter | null = null;

/** Where the running navigation goes (or the current page on the first load). */
function pendingPath(): string {
  const location = activeRouter?.state.navigation.location;
  if (location) return `${location.pathname}${location.search}${location.hash}`;
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** A lazy route (a page, a layout) whose chunk fails to load reloads the page to the target path (spec §8). */
function lazyComponent(load: () => Promise<ComponentType>): NonNullable<RouteObject['lazy']> {
  return async () => {
    try {
      return { Component: await load() };
    } catch (error) {
      if (reloadTo(pendingPath())) return new Promise<never>(() => undefined);
      throw error;
    }
  };
}

function lazyPage(page: Parameters<typeof loadPageModule>[0]) {
  return lazyComponent(() => loadPageModule(page).then((module) => module.default));
}

/**
 * The default layout draws almost every page: it is in the start-up code; the others load with the
 * first page under them (issue 52).
 */
const LAYOUTS: Record<LayoutName, Pick<RouteObject, 'Component' | 'lazy'>> = {
  default: { Component: DefaultLayout },
  storefront: { lazy: lazyComponent(() => import('./layouts/storefront-layout').then((module) => module.StorefrontLayout)) },
  marketing: { lazy: lazyComponent(() => import('./layouts/marketing-layout').then((module) => module.MarketingLayout)) },
  empty: { lazy: lazyComponent(() => import('./layouts/empty-layout').then((module) => module.EmptyLayout)) },
};

/** Which variants to make: the unprefixed ones (null) and those of the given prefixes; all when omitted. */
type Variants = ReadonlySet<LanguageCode | null> | undefined;
/** Which entries to make; all when omitted. */
type EntryFilter = ((entry: RouteEntry) => boolean) | undefined;

function pageRoutes(layout: LayoutName, variants: Variants, entries?: EntryFilter): RouteObject[] {
  return ROUTE_ENTRIES.filter((entry) => entry.layout === layout && (!entries || entries(entry))).flatMap((entry) =>
    routeVariants(entry.path).filter(({ lang }) => !variants || variants.has(lang)).map(({ lang, path }) => {
      const handle: RouteHandle = { route: entry, lang };
      return {
        id: `${lang ?? 'default'}:${entry.name}`,
        path,
        handle,
        loader: entry.guard || entry.validate ? routeLoader(entry) : undefined,
        lazy: lazyPage(entry.page),
      } satisfies RouteObject;
    }),
  );
}

/** Unmatched routes: 404 'Page not found: {path}' (spec §2, §8). */
function notFoundLoader({ request }: { request: Request }): never {
  const { pathname } = new URL(request.url);
  throw data({ path: pathname, message: `Page not found: ${pathname}` }, { status: 404 });
}

/**
 * The route tree. `variants`: the languages whose prefixed routes it holds from the start (with the
 * unprefixed ones); every language when omitted.
 */
export function createRouteObjects(variants?: Variants, entries?: EntryFilter): RouteObject[] {
  return [
    {
      id: 'root',
      loader: navigationLoader,
      shouldRevalidate: () => true,
      Component: RootShell,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: () => null,
      children: [
        ...(Object.keys(LAYOUTS) as LayoutName[]).map((layout) => ({ id: `layout-${layout}`, ...LAYOUTS[layout], children: pageRoutes(layout, variants, entries) })),
        { id: 'not-found', path: '*', loader: notFoundLoader, Component: () => null },
      ],
    },
  ];
}

/**
 * The entries that can match a path (without its language prefix): those whose first segment is the
 * path's (routes match regardless of case) or a parameter. Undefined (every entry) for a path whose
 * segment cannot be read.
 */
export function entriesMatching(path: string): EntryFilter {
  let segment: string;
  try {
    segment = decodeURIComponent(path.split('/')[1] ?? '').toLowerCase();
  } catch {
    return undefined;
  }
  return (entry) => {
    const first = entry.path.split('/')[1] ?? '';
    return first.startsWith(':') || first.toLowerCase() === segment;
  };
}

/**
 * The routes that can match the first page now; the rest of its form on the first navigation to
 * another path, and another form's on the first navigation into it.
 */
function firstPageRoutes(firstPath: string): { routes: RouteObject[]; patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  const { lang: firstLang, path } = splitLanguagePrefix(firstPath);
  const firstEntries = entriesMatching(path);
  // The forms whose every entry the router holds.
  const complete = new Set<LanguageCode | null>(firstEntries ? [] : [firstLang]);
  return {
    routes: createRouteObjects(new Set([firstLang]), firstEntries),
    patchRoutesOnNavigation: ({ path: target, patch }) => {
      const { lang } = splitLanguagePrefix(target);
      if (complete.has(lang) || target === firstPath) return;
      complete.add(lang);
      const only = new Set<LanguageCode | null>([lang]);
      const missing: EntryFilter = lang === firstLang && firstEntries ? (entry) => !firstEntries(entry) : undefined;
      for (const layout of Object.keys(LAYOUTS) as LayoutName[]) patch(`layout-${layout}`, pageRoutes(layout, only, missing));
    },
  };
}

export function createAppRouter(): AppRouter {
  const { routes, patchRoutesOnNavigation } = firstPageRoutes(window.location.pathname);
  activeRouter = createBrowserRouter(routes, { patchRoutesOnNavigation });
  return activeRouter;
}

export function createTestRouter(initialPath: string): AppRouter {
  const { routes, patchRoutesOnNavigation } = firstPageRoutes(new URL(initialPath, 'http://test.invalid').pathname);
  activeRouter = createMemoryRouter(routes, { initialEntries: [initialPath], patchRoutesOnNavigation });
  return activeRouter;
}
