/**
 * Runs before every navigation (the root route's loader): the session_id redirect, the build
 * refresh, and the global language middleware. It also loads the page language's messages, so a
 * page never renders in a language whose bundle is missing.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { getHref, splitLanguagePrefix } from '@/config/paths';
import { reloadIfNewBuild } from '@/features/build-refresh/build-refresh';
import { applyDocumentLanguage } from '@/features/language/document-language';
import { readLanguageCookie } from '@/features/language/language-cookie';
import { resolveNavigationLanguage } from '@/features/language/language-middleware';
import { changeLanguage } from '@/lib/i18n';
import { portalStore } from '@/lib/store';

export async function navigationLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);

  const sessionId = url.searchParams.get('session_id');
  if (sessionId) {
    const { lang } = splitLanguagePrefix(url.pathname);
    throw redirect(getHref('resetpassword', {}, { lang, query: { session: sessionId } }));
  }

  if (reloadIfNewBuild(`${url.pathname}${url.search}${url.hash}`)) {
    // The browser is loading the new build; this navigation never completes.
    return new Promise<never>(() => undefined);
  }

  const decision = resolveNavigationLanguage(url, {
    cookie: readLanguageCookie(),
    tenantDefault: portalStore.getState().configs.defaultLocale,
    browserLanguages: typeof navigator === 'undefined' ? [] : navigator.languages,
  });
  if (decision.redirectTo) throw redirect(decision.redirectTo);

  await changeLanguage(decision.lang);
  applyDocumentLanguage(decision.lang);
  return { lang: decision.lang };
}

/** 'protect-route' (spec §2, §6): a signed-in user is required, otherwise the login page. */
export function protectRouteLoader({ request }: LoaderFunctionArgs) {
  if (portalStore.getState().role === 'user') return null;
  const url = new URL(request.url);
  const { lang } = splitLanguagePrefix(url.pathname);
  throw redirect(getHref('user-login', {}, { lang, query: { redirect: `${url.pathname}${url.search}` } }));
}
