/**
 * The route module: one table (src/config/paths.ts) becomes every route in its unprefixed form and
 * under /en /ar /fr /de /es /ro, grouped under their layout, with lazy page modules.
 *
 * The router starts with the routes of the first page's form (unprefixed, or its language's prefix);
 * the other forms join on the first navigation into them (patchRoutesOnNavigation). Seven times the
 * table made the router's start the longest task of a first visit on a slow phone, as it matches a
 * path against every route (issue 14).
 */
import { createBrowserRouter, createMemoryRouter, data, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import type { LanguageCode } from '@/config/languages';
import { ROUTE_ENTRIES, routeVariants, splitLanguagePrefix, type LayoutName } from '@/config/paths';
import { reloadTo } from '@/lib/reload';
import { DefaultLayout } from './layouts/default-layout';
import { EmptyLayout } from './layouts/empty-layout';
import { MarketingLayout } from './layouts/marketing-layout';
import { StorefrontLayout } from './layouts/storefront-layout';
import { guardLoader, navigationLoader } from './navigation-loader';
import { RootShell } from './root-shell';
import { RouteErrorPage } from './route-error-page';
import type { RouteHandle } from './route-handle';
import { loadPageModule } from './routes/page-modules';

type AppRouter = ReturnType<typeof createBrowserRouter>;

const LAYOUTS: Record<LayoutName, () => React.JSX.Element> = {
  default: DefaultLayout,
  storefront: StorefrontLayout,
  marketing: MarketingLayout,
  empty: EmptyLayout,
};

let activeRouter: AppRouter | null = null;

/** Where the running navigation goes (or the current page on the first load). */
function pendingPath(): string {
  const location = activeRouter?.state.navigation.location;
  if (location) return `${location.pathname}${location.search}${location.hash}`;
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** A lazy page whose chunk fails to load reloads the page to the target path (spec §8). */
function lazyPage(page: Parameters<typeof loadPageModule>[0]) {
  return async () => {
    try {
      const module = await loadPageModule(page);
      return { Component: module.default };
    } catch (error) {
      if (reloadTo(pendingPath())) return new Promise<never>(() => undefined);
      throw error;
    }
  };
}

/** Which variants to make: the unprefixed ones (null) and those of the given prefixes; all when omitted. */
type Variants = ReadonlySet<LanguageCode | null> | undefined;

function pageRoutes(layout: LayoutName, variants: Variants): RouteObject[] {
  return ROUTE_ENTRIES.filter((entry) => entry.layout === layout).flatMap((entry) =>
    routeVariants(entry.path).filter(({ lang }) => !variants || variants.has(lang)).map(({ lang, path }) => {
      const handle: RouteHandle = { route: entry, lang };
      return {
        id: `${lang ?? 'default'}:${entry.name}`,
        path,
        handle,
        loader: entry.guard ? guardLoader(entry.guard) : undefined,
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
export function createRouteObjects(variants?: Variants): RouteObject[] {
  return [
    {
      id: 'root',
      loader: navigationLoader,
      shouldRevalidate: () => true,
      Component: RootShell,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: () => null,
      children: [
        ...(Object.keys(LAYOUTS) as LayoutName[]).map((layout) => ({ id: `layout-${layout}`, Component: LAYOUTS[layout], children: pageRoutes(layout, variants) })),
        { id: 'not-found', path: '*', loader: notFoundLoader, Component: () => null },
      ],
    },
  ];
}

/**
 * The routes of the first page's form (its language prefix, or none) now; another form's on the
 * first navigation into it.
 */
function languageRoutes(firstPath: string): { routes: RouteObject[]; patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  const registered = new Set<LanguageCode | null>([splitLanguagePrefix(firstPath).lang]);
  return {
    routes: createRouteObjects(registered),
    patchRoutesOnNavigation: ({ path, patch }) => {
      const { lang } = splitLanguagePrefix(path);
      if (registered.has(lang)) return;
      registered.add(lang);
      const only = new Set<LanguageCode | null>([lang]);
      for (const layout of Object.keys(LAYOUTS) as LayoutName[]) patch(`layout-${layout}`, pageRoutes(layout, only));
    },
  };
}

export function createAppRouter(): AppRouter {
  const { routes, patchRoutesOnNavigation } = languageRoutes(window.location.pathname);
  activeRouter = createBrowserRouter(routes, { patchRoutesOnNavigation });
  return activeRouter;
}

export function createTestRouter(initialPath: string): AppRouter {
  const { routes, patchRoutesOnNavigation } = languageRoutes(initialPath);
  activeRouter = createMemoryRouter(routes, { initialEntries: [initialPath], patchRoutesOnNavigation });
  return activeRouter;
}
