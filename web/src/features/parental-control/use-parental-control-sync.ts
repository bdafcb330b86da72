/**
 * Keeps the store's parental config in step with the signed-in user's account (GET
 * /parental-control): the error page's parental note reads it, and while a limit below the tenant's
 * holds, page payloads (kept per tenant, at its limit) are neither fetched nor seeded: the API,
 * which applies the user's limit, answers instead.
 */
import { useEffect } from 'react';
import { setPagePayloadsAllowed } from '@/lib/page-payload';
import { usePortalStore } from '@/lib/store';
import { applyParentalAccount, useParentalControl } from './api/parental-control';

export function useParentalControlSync(): void {
  const signedIn = usePortalStore((state) => state.role === 'user');
  const account = useParentalControl();
  // A failed read (logged by the call) keeps the config as it was.
  const data = account.data?.ok ? account.data.data : null;
  useEffect(() => {
    if (!signedIn) {
      applyParentalAccount(null);
      setPagePayloadsAllowed(true);
      return;
    }
    if (!data) return;
    applyParentalAccount(data);
    setPagePayloadsAllowed(!data.isActive);
  }, [signedIn, data]);
}
