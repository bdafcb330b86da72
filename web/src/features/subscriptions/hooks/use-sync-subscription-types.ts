/**
 * The plans in the subscription store, for the language and the user (use-sync-subscriptions.ts
 * syncs them with the rest). Its own module: a page that shows the subscribe offer before the
 * commerce runtime is loaded (a guest's details page, issue 52) runs it alone.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { subscriptionTypesQueryOptions } from '../api/get-subscription-types';
import { subscriptionStore, type GeoBlockSettings } from '../store';

/** A JSON object, else null (settings the tenant may leave out or get wrong). */
export function objectOrNull(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** The signed-in user's key, null for a guest: whose plans and subscriptions the store holds. */
export function useUserKey(): string | null {
  const role = usePortalStore((state) => state.role);
  const uuid = usePortalStore((state) => state.userUuid);
  return role === 'user' ? uuid : null;
}

/** Loads the tenant's plans for the language and user into the store (geo-blocked ones left out when the flag is set). */
export function useSyncSubscriptionTypes(): void {
  const lang = useCurrentLanguage();
  const userKey = useUserKey();
  const geoBlockSetting = usePortalStore((state) => state.configs.features?.geoBlock);
  const geoBlock = objectOrNull(geoBlockSetting) as GeoBlockSettings | null;
  const types = useQuery(subscriptionTypesQueryOptions(lang, userKey));

  useEffect(() => {
    if (types.data) subscriptionStore.getState().setTypes(types.data, geoBlock);
    else if (types.isError) subscriptionStore.getState().setTypes([], geoBlock);
  }, [types.data, types.isError, geoBlock]);
}
