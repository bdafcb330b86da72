/**
 * The routes manifest the server reads (docs/contracts.md, "Routes manifest"). Built from the same
 * table as the router, written to dist/routes-manifest.json by the build.
 */
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages';
import { ROUTE_ENTRIES, type LayoutName, type PageKey } from './paths';

const LAYOUT_NAMES: readonly LayoutName[] = ['default', 'storefront', 'marketing', 'empty'];

export interface RoutesManifest {
  languages: { code: string; iso: string; name: string; dir: 'ltr' | 'rtl' }[];
  defaultLanguage: string;
  routes: {
    path: string;
    name: string;
    titleKey: string;
    descriptionKey: string;
    layout: LayoutName;
    protected: boolean;
    /** The page's own JavaScript beyond the entry's (absolute paths), for the server's modulepreload links. */
    modules?: string[];
  }[];
  /**
   * The JavaScript of each layout that loads with the first page under it, beyond the entry's (absolute paths;
   * empty for a layout in the start-up code). The script budget (build-tools/script-budget.js) counts it.
   */
  layouts?: Partial<Record<LayoutName, string[]>>;
}

/**
 * `modulesOf`: the build's answer for a page's chunks (portal-build-plugin.ts); without it no route names any.
 * `layoutModulesOf`: the same for a layout's chunks; without it the manifest has no `layouts`.
 */
export function createRoutesManifest(modulesOf?: (page: PageKey) => string[], layoutModulesOf?: (layout: LayoutName) => string[]): RoutesManifest {
  return {
    languages: LANGUAGES.map(({ code, iso, name, dir }) => ({ code, iso, name, dir })),
    defaultLanguage: DEFAULT_LANGUAGE,
    routes: ROUTE_ENTRIES.map((entry) => ({
      path: entry.path,
      name: entry.name,
      titleKey: entry.titleKey,
      descriptionKey: entry.descriptionKey,
      layout: entry.layout,
      protected: entry.protected,
      ...(modulesOf ? { modules: modulesOf(entry.page) } : {}),
    })),
    ...(layoutModulesOf ? { layouts: Object.fromEntries(LAYOUT_NAMES.map((layout) => [layout, layoutModulesOf(layout)])) } : {}),
  };
}
