import type { GlobalSettings } from '@/lib/portal-types';

export type StorefrontLayoutName = 'bar' | 'sidebar';

function layoutIn(area: unknown): unknown {
  return typeof area === 'object' && area !== null ? (area as { layout?: unknown }).layout : undefined;
}

/**
 * The tenant's storefront layout on a wide screen: `desktopSettings.layout`, else the older `storefront.layout` (still
 * read for tenant files written before it); anything but "sidebar" is the default bar.
 */
export function storefrontLayoutOf(configs: GlobalSettings): StorefrontLayoutName {
  const layout = layoutIn(configs.desktopSettings) ?? layoutIn(configs.storefront);
  return layout === 'sidebar' ? 'sidebar' : 'bar';
}
