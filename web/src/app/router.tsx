/**
 * The route module: one table (src/config/paths.ts) becomes every route in its unprefixed form and
 * under /en /ar /fr /de /es /ro, grouped under their layout, with lazy page modules.
 */
import { createBrowserRouter, createMemoryRouter, data, type RouteObject } from 'react-router';
import { ROUTE_ENTRIES, routeVariants, type LayoutName } from '@/config/paths';
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

function pageRoutes(layout: LayoutName): RouteObject[] {
  return ROUTE_ENTRIES.filter((entry) => entry.layout === layout).flatMap((entry) =>
    routeVariants(entry.path).map(({ lang, path }) => {
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

export function createRouteObjects(): RouteObject[] {
  return [
    {
      id: 'root',
      loader: navigationLoader,
      shouldRevalidate: () => true,
      Component: RootShell,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: () => null,
      children: [
        ...(Object.keys(LAYOUTS) as LayoutName[]).map((layout) => ({ id: `layout-${layout}`, Component: LAYOUTS[layout], children: pageRoutes(layout) })),
        { id: 'not-found', path: '*', loader: notFoundLoader, Component: () => null },
      ],
    },
  ];
}

export function createAppRouter(): AppRouter {
  activeRouter = createBrowserRouter(createRouteObjects());
  return activeRouter;
}

export function createTestRouter(initialPath: string): AppRouter {
  activeRouter = createMemoryRouter(createRouteObjects(), { initialEntries: [initialPath] });
  return activeRouter;
}
