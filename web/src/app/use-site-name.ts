import { usePortalStore } from '@/lib/store';

/** The tenant's display name (global settings `displayName`), else the tenant name. */
export function useSiteName(): string {
  const displayName = usePortalStore((state) => state.configs.displayName);
  const tenant = usePortalStore((state) => state.tenant);
  return typeof displayName === 'string' && displayName !== '' ? displayName : tenant;
}

/** The tenant logo: global settings header.logo, else images.logo. */
export function useSiteLogo(): string | null {
  return usePortalStore((state) => {
    const { header, images } = state.configs as { header?: { logo?: unknown }; images?: { logo?: unknown } };
    const logo = header?.logo ?? images?.logo;
    return typeof logo === 'string' && logo !== '' ? logo : null;
  });
}
