/**
 * The console's backend calls: the storefront's API client, with the staff cookie (HttpOnly, sent by
 * the browser), X-Requested-With on every call (the server wants it on writes the cookie alone
 * authenticates) and X-Tenant-ID: the host's tenant, or the one a platform administrator chose. A 401
 * (no live staff session) goes to the hosted sign-in page.
 *
 * Types come from src/lib/api-types.ts (generated from docs/openapi.json).
 */
import { createApiClient, type ApiClient } from '@/lib/api-client';
import type { operations } from '@/lib/api-types';

/** The `data` of an operation's answer with this status, as docs/openapi.json describes it. */
export type Data<Op extends keyof operations, Status extends string | number> = operations[Op]['responses'] extends Record<Status, { content: { 'application/json': { data: infer D } } }> ? D : never;

export type Me = Data<'getBackendAdminMe', 200>;
export type SignedOut = Data<'postBackendAdminLogout', '2XX'>;

export function signInUrl(lang: string): string {
  return `/admin/login?lang=${encodeURIComponent(lang)}`;
}

/** A call answered 401 (no live staff session): to the hosted sign-in page, in the console's language. */
export function goToSignIn(): void {
  window.location.assign(signInUrl(document.documentElement.lang || 'en'));
}

export function createConsoleClient(tenant: string, onUnauthorized: () => void, fetchImpl?: typeof fetch): ApiClient {
  const client = createApiClient({ baseUrl: '/backend', tenantName: tenant, onUnauthorized, ...(fetchImpl ? { fetchImpl } : {}) });
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  return {
    ...client,
    request: (method, path, options = {}) => client.request(method, path, { ...options, headers: { ...headers, ...options.headers } }),
    get: (path, options = {}) => client.get(path, { ...options, headers: { ...headers, ...options.headers } }),
    post: (path, body, options = {}) => client.post(path, body, { ...options, headers: { ...headers, ...options.headers } }),
    put: (path, body, options = {}) => client.put(path, body, { ...options, headers: { ...headers, ...options.headers } }),
    delete: (path, options = {}) => client.delete(path, { ...options, headers: { ...headers, ...options.headers } }),
  };
}

/**
 * Every answer's JSON: `{data}` around the operation's answer (name the answer with Data<...> above,
 * never with a shape written here; the lint rule on the console's call files keeps them out).
 */
// eslint-disable-next-line no-restricted-syntax -- the generic envelope of every answer, not a wire shape of its own
export interface Envelope<T> {
  data: T;
}

/** The shell's calls: who is signed in, and signing out. Each page's calls are its feature's (features/<area>/<area>-api.ts). */
export const sessionCalls = {
  me: async (api: ApiClient) => (await api.get<Envelope<Me>>('/admin/me')).data,
  logout: async (api: ApiClient) => (await api.post<Envelope<SignedOut>>('/admin/logout')).data,
};
