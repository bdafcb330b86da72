/**
 * A guest of a partner tenant (features.isPartner or partnerLoginFlow) is offered the sign-in ways its partner defines
 * (commerce §1 "partner login options flow", §6; issue 72 item 7): asked once per session and language, kept in session
 * storage as loginOptionsObject, and put into the store's loginOptions, which the sign-in button, the login options
 * dialog and page and the subscribe flow read. Without them (no partner address, the partner down) the tenant's own
 * settings.loginOptions stand.
 */
import { useEffect } from 'react';
import { portalStore, usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { loadPartnerLoginOptions } from '../partner-login-options';

export function usePartnerLoginOptions(): void {
  const tenant = usePortalStore((state) => state.tenant);
  const partnerTenant = usePortalStore((state) => state.configs.features?.isPartner === true || state.configs.features?.partnerLoginFlow === true);
  const guest = usePortalStore((state) => state.role !== 'user');
  const lang = useCurrentLanguage();
  useEffect(() => {
    if (!partnerTenant || !guest || !tenant) return;
    let live = true;
    void loadPartnerLoginOptions(tenant, lang).then((options) => {
      if (live) portalStore.getState().setPartnerLogin(options);
    });
    return () => {
      live = false;
    };
  }, [tenant, partnerTenant, guest, lang]);
}
