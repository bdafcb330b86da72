/**
 * Start-up (spec §4, docs/contracts.md). With the server's `__PORTAL_DATA__` payload everything
 * for the first paint is already in the page. Without it: /api/envFile, then the backend base
 * (tenantBackendUrl[tenant] else multiContentBackend), the global settings and the language bundle.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18nInstance } from 'i18next';
import { PORTAL_DATA_ELEMENT_ID } from '@/config/env';
import { DEFAULT_LANGUAGE, isLanguageCode, offeredLanguages, type LanguageCode } from '@/config/languages';
import { splitLanguagePrefix, withoutTrailingSlash } from '@/config/paths';
import { consentStore } from '@/features/consent/consent-store';
import { getDeviceQueryOptions } from '@/features/device/api/get-device';
import { getEnvFile } from '@/features/env/api/get-env-file';
import { isUserProfile, type UserProfile } from '@/features/identity/api/get-profile';
import { getValidAccessToken, initSession, installCrossTabReload, isSessionExpired } from '@/features/identity/session';
import { getMessages, getMessagesQueryOptions } from '@/features/language/api/get-messages';
import { applyDocumentLanguage } from '@/features/language/document-language';
import { readLanguageCookie } from '@/features/language/language-cookie';
import { selectLanguage } from '@/features/language/select-language';
import { getGlobalSettings } from '@/features/structure/api/get-global-settings';
import { applyCardsPerRow } from '@/features/catalog/cards-per-row';
import { seedCatalog } from '@/features/catalog/seed-catalog';
import { seedSearch } from '@/features/search/seed-search';
import { seedStructures } from '@/features/structure/seed-structures';
import { applyCustomStylesheet, applyTenantColors } from '@/features/theme/tenant-styles';
import { readAlternateCookie } from '@/features/theme/theme-rule';
import { themeStore } from '@/features/theme/theme-store';
import { configureApiClient } from '@/lib/api-client';
import { configureConsentCookies } from '@/lib/consent-cookie-names';
import { shareNonce } from '@/lib/csp-nonce';
import { yieldToMain } from '@/lib/yield';
import { initI18n, loadMessagesWhenIdle, setMessagesLoader } from '@/lib/i18n';
import { configurePagePayloads, rememberNotFound, rememberPagePayload } from '@/lib/page-payload';
import { reloadTo } from '@/lib/reload';
import { chooseBackendUrl, type EnvConfig, type GlobalSettings, type PortalData } from '@/lib/portal-types';
import { createQueryClient } from '@/lib/query-client';
import { portalStore } from '@/lib/store';

export interface Startup {
  tenantName: string;
  envConfig: EnvConfig;
  lang: LanguageCode;
  /** null when the global settings could not be loaded. */
  globalSettings: GlobalSettings | null;
  messages: Record<string, unknown> | null;
  pageData: Record<string, unknown> | null;
  /** The server answered 404 for this page (payload `status`): the error page shows. */
  notFound?: boolean;
  /** The signed-in user the server recognised from the `user_token` cookie (payload `user`). */
  user?: UserProfile | null;
  fromPayload: boolean;
}

export interface InitializedApp {
  i18n: I18nInstance;
  queryClient: QueryClient;
  startup: Startup;
}

/** The server's payload, checked field by field (anything missing is fetched instead). */
export interface PortalPayload {
  tenantName: string;
  envConfig: EnvConfig;
  lang: LanguageCode | null;
  globalSettings: GlobalSettings | null;
  messages: Record<string, unknown> | null;
  pageData: Record<string, unknown> | null;
  user: UserProfile | null;
  notFound: boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readPortalData(doc: Document = document): PortalPayload | null {
  const element = doc.getElementById(PORTAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  let data: Partial<Record<keyof PortalData, unknown>>;
  try {
    data = JSON.parse(element.textContent) as Partial<Record<keyof PortalData, unknown>>;
  } catch (error) {
    console.error('The server payload is not valid JSON', error);
    return null;
  }
  if (!isObject(data.envConfig) || typeof data.tenantName !== 'string') return null;
  const page = isObject(data.page) ? data.page : null;
  return {
    tenantName: data.tenantName,
    envConfig: data.envConfig as unknown as EnvConfig,
    lang: isLanguageCode(data.lang) ? data.lang : null,
    globalSettings: isObject(data.globalSettings) ? data.globalSettings : null,
    messages: isObject(data.messages) && Object.keys(data.messages).length > 0 ? data.messages : null,
    pageData: page && isObject(page.data) ? page.data : null,
    user: isUserProfile(data.user) ? data.user : null,
    notFound: data.status === 404,
  };
}

/**
 * A 401 reloads the page (spec §8), at most once per path within the reload guard's 10 s; not once
 * the session has expired mid-session, where the `session-expired` dialog speaks instead.
 */
function reloadOnUnauthorized(): void {
  if (isSessionExpired()) return;
  reloadTo(`${window.location.pathname}${window.location.search}${window.location.hash}`);
}

function configureBackend(envConfig: EnvConfig, tenantName: string): void {
  configureApiClient({ baseUrl: chooseBackendUrl(envConfig, tenantName), tenantName, getAccessToken: getValidAccessToken, onUnauthorized: reloadOnUnauthorized });
}

function startupLanguage(pathname: string, globalSettings: GlobalSettings | null): LanguageCode {
  const { lang } = splitLanguagePrefix(pathname);
  const offered = offeredLanguages(globalSettings ?? {});
  if (lang && offered.includes(lang)) return lang;
  return selectLanguage({
    cookie: readLanguageCookie(),
    tenantDefault: globalSettings?.defaultLocale,
    browserLanguages: typeof navigator === 'undefined' ? [] : navigator.languages,
    offered,
  });
}

/**
 * The start-up language with its messages; when neither the backend nor the client's own copy has them, the
 * default language with its own (spec §8: "Could not find messages for locale code" is logged), so the app
 * starts whatever the network does (issue 72 item 15). Null messages: none for the default language either
 * (initializeApp logs that too and starts with the keys).
 */
export async function startupMessages(lang: LanguageCode, embedded: Record<string, unknown> | null = null): Promise<{ lang: LanguageCode; messages: Record<string, unknown> | null }> {
  const messages = embedded ?? (await getMessages(lang));
  if (messages || lang === DEFAULT_LANGUAGE) return { lang, messages };
  console.error('Could not find messages for locale code', lang);
  return { lang: DEFAULT_LANGUAGE, messages: await getMessages(DEFAULT_LANGUAGE) };
}

export async function loadStartup(doc: Document = document): Promise<Startup> {
  const payload = readPortalData(doc);
  if (payload) {
    configureBackend(payload.envConfig, payload.tenantName);
    const { lang, messages } = await startupMessages(payload.lang ?? startupLanguage(window.location.pathname, payload.globalSettings), payload.messages);
    return {
      tenantName: payload.tenantName,
      envConfig: payload.envConfig,
      lang,
      globalSettings: payload.globalSettings,
      messages,
      pageData: payload.pageData,
      user: payload.user,
      notFound: payload.notFound,
      fromPayload: true,
    };
  }

  const env = await getEnvFile();
  configureBackend(env.envConfig, env.tenantName);
  let globalSettings: GlobalSettings | null = null;
  try {
    globalSettings = await getGlobalSettings(startupLanguage(window.location.pathname, null));
  } catch (error) {
    console.error('error found loading configs', error);
  }
  const { lang, messages } = await startupMessages(startupLanguage(window.location.pathname, globalSettings));
  return {
    tenantName: env.tenantName,
    envConfig: env.envConfig,
    lang,
    globalSettings,
    messages,
    pageData: null,
    fromPayload: false,
  };
}

/** Applies a start-up: API client, i18n, store, tenant styles, theme, language, seeded queries. */
export async function initializeApp(startup: Startup): Promise<InitializedApp> {
  const queryClient = createQueryClient();
  configureBackend(startup.envConfig, startup.tenantName);
  setMessagesLoader((lang) => queryClient.query(getMessagesQueryOptions(lang)));

  if (!startup.messages) console.error('Could not find messages for locale code', startup.lang);
  const i18n = await initI18n(startup.lang, startup.messages ?? {});
  // Each step is a task of its own: together they were one of the longest tasks after the first
  // paint on a slow phone (issue 14).
  await yieldToMain();

  const settings = startup.globalSettings ?? {};
  portalStore.getState().setTenant(startup.tenantName);
  if (startup.globalSettings) portalStore.getState().setConfigs(startup.globalSettings);
  else portalStore.getState().markColorsReady();

  shareNonce();
  // The consent cookies' names are the tenant's (settings.cookies): the decision is read again under them.
  configureConsentCookies(settings.cookies);
  consentStore.getState().reload();
  applyTenantColors(settings.colors);
  applyCustomStylesheet(settings.customStyle);
  applyCardsPerRow(settings);
  themeStore.getState().init(settings.defaultTheme === 'dark' ? 'dark' : 'light', readAlternateCookie(settings.alternatTheme === true));
  applyDocumentLanguage(startup.lang);
  // Page payloads (the shell's, and /_payload/<path>.json on link hover) seed structures and catalog items.
  configurePagePayloads(queryClient, () => (isLanguageCode(i18n.language) ? i18n.language : startup.lang), [
    (client, lang, data) => void seedStructures(client, lang, data),
    (client, lang, data) => void seedCatalog(client, lang, data),
    (client, lang, data) => void seedSearch(client, lang, data),
  ]);
  // A trailing slash's 404 means "not this address" (the first navigation drops it), not "no such page".
  const address = typeof window === 'undefined' ? null : window.location.pathname;
  if (startup.notFound && address !== null && withoutTrailingSlash(address) === address) rememberNotFound(address);
  if (startup.pageData) rememberPagePayload(address ?? '/', startup.pageData, startup.lang);
  await yieldToMain();

  // The authentication sequence runs in the first navigation's loaders (navigation-loader.ts).
  initSession({ queryClient, payloadUser: startup.user ?? null });
  installCrossTabReload();
  void queryClient.query(getDeviceQueryOptions()).then((device) => portalStore.getState().setDevice(device));

  // Spec §4: the tenant default language is the other bundle loaded at start-up, once the page is idle.
  const tenantDefault = settings.defaultLocale;
  if (isLanguageCode(tenantDefault) && tenantDefault !== startup.lang) loadMessagesWhenIdle(tenantDefault);
  else if (startup.lang !== DEFAULT_LANGUAGE) loadMessagesWhenIdle(DEFAULT_LANGUAGE);

  return { i18n, queryClient, startup };
}
