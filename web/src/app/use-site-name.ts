import { useStructure } from '@/features/structure/api/get-structure';
import { usePortalStore } from '@/lib/store';

/** The tenant's display name: the header structure's title, else the tenant name. */
export function useSiteName(): string {
  const header = useStructure('header');
  const tenant = usePortalStore((state) => state.tenant);
  const title = header.data?.data.title;
  return title !== undefined && title !== '' ? title : tenant;
}
