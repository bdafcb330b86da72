/**
 * Renders the whole app (real start-up, providers, router, route table) at a path, with the
 * network replaced by a handler. Tests use it the way a person uses the portal.
 */
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { App } from '@/app/app';
import { createTestRouter } from '@/app/router';
import { initializeApp, type InitializedApp, type Startup } from '@/app/startup';
import { BUILD_ID } from '@/config/env';
import type { LanguageCode } from '@/config/languages';
import ar from '@/locales/ar/messages.json';
import de from '@/locales/de/messages.json';
import en from '@/locales/en/messages.json';
import es from '@/locales/es/messages.json';
import fr from '@/locales/fr/messages.json';
import ro from '@/locales/ro/messages.json';
import type { UserProfile } from '@/features/identity/api/get-profile';
import { writeAuthToken, type AuthToken } from '@/lib/auth-token';
import type { ConfigNode, GlobalSettings } from '@/lib/portal-types';

export const BUNDLES: Record<LanguageCode, Record<string, unknown>> = { en, ar, fr, de, es, ro };
export const TEST_BACKEND = 'http://backend.test/backend';

export const TEST_SETTINGS: GlobalSettings = {
  customStyle: '',
  colors: ':root{--color-primary:#123456}',
  alternatTheme: false,
  defaultTheme: 'light',
  defaultLocale: 'en',
  links: { homeUrl: '/' },
  features: {},
  priceFormat: { decimals: 2 },
};

export const TEST_USER: UserProfile = {
  uuid: 'u-1',
  userId: '7',
  name: 'Sara',
  lastName: 'Haddad',
  email: 'sara@example.com',
  // The server sends an object ({} when empty); the account tests check that a null one is sent back as it came.
  userInformation: null as unknown as UserProfile['userInformation'],
  roles: ['user'],
};

/** A token that is valid for an hour (or expired when `expired`). */
export function testToken(overrides: Partial<AuthToken> & { expired?: boolean } = {}): AuthToken {
  const { expired = false, ...rest } = overrides;
  return { access_token: 'access-1', refresh_token: 'refresh-1', expires: Date.now() + (expired ? -60_000 : 3_600_000), ...rest };
}

export type FetchHandler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface RenderAppOptions {
  path?: string;
  lang?: LanguageCode;
  globalSettings?: Partial<GlobalSettings>;
  /** Structures the backend serves (and the payload carries), by name. */
  structures?: Record<string, ConfigNode>;
  /** Answers a request first; return undefined to fall through to the default answers. */
  fetch?: FetchHandler;
  /** Stored in localStorage `auth_token` before start-up (a returning signed-in visitor). */
  token?: AuthToken;
  /** The payload's `user` (the server recognised the `user_token` cookie). */
  payloadUser?: UserProfile | null;
  /** The answer of GET /user/profile (default: TEST_USER). */
  profile?: UserProfile;
  /** The shell's payload said 404 for the address the browser is at (window.location). */
  notFound?: boolean;
}

export interface RenderAppResult extends RenderResult {
  app: InitializedApp;
  router: ReturnType<typeof createTestRouter>;
  fetchMock: ReturnType<typeof vi.fn>;
  user: ReturnType<typeof userEvent.setup>;
}

/**
 * The parts the app loads on first use (issue 14: the commerce runtime, its dialogs, the header's
 * menus) are imported with this module, as they were when the app imported them statically: Vitest
 * transforms a module on its first import, which would otherwise eat into a test's waiting time.
 * They still mount only when used.
 */
await Promise.all([
  import('@/app/commerce-runtime'),
  import('@/app/commerce-dialogs'),
  import('@/features/language/components/language-menu-popup'),
  import('@/features/identity/components/account-menu-popup'),
]);

export async function renderApp(options: RenderAppOptions = {}): Promise<RenderAppResult> {
  const { path = '/', lang = 'en', structures = {} } = options;
  const globalSettings = { ...TEST_SETTINGS, ...options.globalSettings };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://portal.test');
    const custom = await options.fetch?.(url, init);
    if (custom) return custom;
    const i18n = /\/i18n\/([a-z]{2})$/.exec(url.pathname);
    if (i18n?.[1] && i18n[1] in BUNDLES) return jsonResponse(BUNDLES[i18n[1] as LanguageCode]);
    const structure = /\/structure\/([^/]+)$/.exec(url.pathname);
    if (structure?.[1]) {
      const node = structure[1] === 'configurations' ? { name: 'configurations', data: { customProperties: globalSettings } } : structures[structure[1]];
      return node ? jsonResponse({ data: node }) : jsonResponse({ status: 404, error: 'NOT_FOUND', message: 'No such structure', data: null }, 404);
    }
    if (url.pathname === '/builds/latest.json') return jsonResponse({ id: BUILD_ID, timestamp: 1 });
    if (url.pathname.endsWith('/device')) return jsonResponse({ data: { id: 42, deviceAttributes: { desktop: true, tablet: false, modernPhone: false, operatingSystem: 'Linux' } } });
    if (url.pathname.endsWith('/user/profile') && (init?.method ?? 'GET') === 'GET') return jsonResponse({ data: options.profile ?? TEST_USER });
    if (url.pathname.endsWith('/userToken')) return jsonResponse({ data: { ok: true } });
    if (url.pathname.endsWith('/user/checkUserTheme')) return jsonResponse({ data: { alternatTheme: null } });
    if (url.pathname.endsWith('/user/checkUserLang')) return jsonResponse({ data: { selectedLang: null } });
    if (url.pathname.endsWith('/user/selectUserTheme') || url.pathname.endsWith('/user/selectUserLang')) return jsonResponse({ data: JSON.parse(init?.body as string) as unknown });
    const event = /\/kafka\/event\/([^/]+)$/.exec(url.pathname);
    if (event?.[1] && init?.method === 'POST') return jsonResponse({ data: { id: 'event-1', name: event[1] } }, 202);
    return jsonResponse({ status: 404, error: 'NOT_FOUND', message: 'Not found', data: null }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  if (options.token) writeAuthToken(options.token);

  const startup: Startup = {
    tenantName: 'aurora',
    envConfig: { service: { tenantBackendUrl: { aurora: TEST_BACKEND }, multiContentBackend: 'http://shared.test/backend' }, stage: 'test' },
    lang,
    globalSettings,
    messages: BUNDLES[lang],
    pageData: { structures },
    user: options.payloadUser ?? null,
    notFound: options.notFound,
    fromPayload: true,
  };
  const app = await initializeApp(startup);
  const router = createTestRouter(path);
  const result = render(<App app={app} router={router} />);
  return { ...result, app, router, fetchMock, user: userEvent.setup() };
}
