/**
 * The apps marketplace's wire types, from the generated OpenAPI types (docs/openapi.json;
 * docs/contracts.md "Apps marketplace"): an owner's apps and a user's consents. The server answers
 * scopes and status as strings from fixed lists; the unions below name those lists for the texts.
 */
import type { ApiBody, ApiData } from '@/lib/api-schema';

/** The access an app may ask for, in the server's canonical order (server/src/domains/apps/apps_types.hpp). */
export const APP_SCOPES = ['profile', 'email', 'favorites', 'history', 'purchases'] as const;
export type AppScope = (typeof APP_SCOPES)[number];
export type AppStatus = 'active' | 'paused';

export function isAppScope(value: string): value is AppScope {
  return (APP_SCOPES as readonly string[]).includes(value);
}

/** The owner's view (GET /apps/mine, /apps/mine/{id}). */
export type OwnedApp = ApiData<'getBackendAppsMineId'>;
/** Register and secret rotation: the client secret is in this answer only. */
export type IssuedApp = ApiData<'postBackendApps'>;
/** A user's decision on an app, with the app as users see it. */
export type Consent = ApiData<'getBackendAppsConsentId'>;
export type PublicApp = Consent['app'];
/** The register / edit form's body (status only when editing). */
export type AppFields = ApiBody<'postBackendApps'>;
