import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { fillPlaceholders } from '@/lib/placeholders';
import { usePortalStore } from '@/lib/store';

/** Fills the placeholders of configured click URLs from the current query and the user. */
export function useClickUrl(): (url: string | undefined) => string | null {
  const [query] = useSearchParams();
  const userUuid = usePortalStore((state) => state.userUuid);
  return useCallback(
    (url: string | undefined) => {
      if (!url) return null;
      const filled = fillPlaceholders(url, { query, userUuid }).trim();
      return filled.length > 0 ? filled : null;
    },
    [query, userUuid],
  );
}
