import type { GlobalSettings } from '@/lib/portal-types';

export type StorefrontLayoutName = 'bar' | 'sidebar';

/** The tenant's storefront layout; anything but "sidebar" is the default bar. */
export function storefrontLayoutOf(configs: GlobalSettings): StorefrontLayoutName {
  const storefront = configs.storefront;
  const layout = typeof storefront === 'object' && storefront !== null ? (storefront as { layout?: unknown }).layout : undefined;
  return layout === 'sidebar' ? 'sidebar' : 'bar';
}
