/**
 * Runs before every navigation (the root route's loader): the path without a trailing slash, the
 * session_id redirect, the build refresh, the authentication sequence (its first run; a consumed
 * `code` leaves the address), and the global language middleware. It also loads the page
 * language's messages, so a page never renders in a language whose bundle is missing.
 */
import { data, redirect, replace, type LoaderFunctionArgs } from 'react-router';
import { offeredLanguages, type LanguageCode } from '@/config/languages';
import { getHref, localizePath, splitLanguagePrefix, withoutTrailingSlash, type RouteEntry, type RouteGuard } from '@/config/paths';
import { reloadIfNewBuild } from '@/features/build-refresh/build-refresh';
import { hostedLoginUrl, loginReturnUrl, removeCodeParam } from '@/features/identity/login-urls';
import { ensureSession } from '@/features/identity/session';
import { applyDocumentLanguage } from '@/features/language/document-language';
import { readLanguageCookie } from '@/features/language/language-cookie';
import { resolveNavigationLanguage, type LanguageDecision } from '@/features/language/language-middleware';
import { findRedirectRule, isExternalTarget } from '@/features/structure/redirect-rules';
import { browser, leavingPage } from '@/lib/browser';
import { changeLanguage } from '@/lib/i18n';
import { isKnownNotFound } from '@/lib/page-payload';
import { portalStore } from '@/lib/store';
import { applySavedPreferences } from './sign-in-preferences';

function languageDecision(url: URL): LanguageDecision {
  const { configs } = portalStore.getState();
  return resolveNavigationLanguage(url, {
    cookie: readLanguageCookie(),
    tenantDefault: configs.defaultLocale,
    browserLanguages: typeof navigator === 'undefined' ? [] : navigator.languages,
    offered: offeredLanguages(configs),
  });
}

export async function navigationLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);

  const canonical = withoutTrailingSlash(url.pathname);
  if (canonical !== url.pathname) throw replace(`${canonical}${url.search}`);

  const sessionId = url.searchParams.get('session_id');
  if (sessionId) {
    const { lang } = splitLanguagePrefix(url.pathname);
    throw redirect(getHref('resetpassword', {}, { lang, query: { session: sessionId } }));
  }

  if (reloadIfNewBuild(`${url.pathname}${url.search}${url.hash}`)) {
    // The browser is loading the new build; this navigation never completes.
    return leavingPage();
  }

  const session = await ensureSession(url);
  if (url.searchParams.has('code')) {
    let target = `${url.pathname}${removeCodeParam(url.search)}${url.hash}`;
    if (session.signedInNow) target = await applySavedPreferences(target, languageDecision(url).lang);
    throw replace(target);
  }

  const decision = languageDecision(url);
  if (decision.redirectTo) throw redirect(decision.redirectTo);

  // The tenant's redirect rule for this path (spec §2): a storefront path in the page's language, or a full load.
  const rule = findRedirectRule(portalStore.getState().configs, splitLanguagePrefix(url.pathname).path);
  if (rule) {
    if (!isExternalTarget(rule.to)) throw redirect(`${localizePath(rule.to, splitLanguagePrefix(url.pathname).lang)}${url.search}`);
    browser.assign(rule.to);
    return leavingPage();
  }

  await changeLanguage(decision.lang);
  applyDocumentLanguage(decision.lang);
  // The server said 404 for this path (an unknown article id): the error page, as for unmatched routes.
  if (isKnownNotFound(url.pathname)) throw data({ path: url.pathname, message: `Page not found: ${url.pathname}` }, { status: 404 });
  return { lang: decision.lang };
}

/**
 * The named guards 'protect-route' and 'protect-route-redirect' (spec §2, §6; config/paths.ts):
 * once the session is known, a guest goes to sign in and returns to this page.
 */
export function guardLoader(guard: RouteGuard) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    await ensureSession(url);
    if (portalStore.getState().role === 'user') return null;
    // The root loader is about to move elsewhere (code removal, language): guard that navigation instead.
    const decision = languageDecision(url);
    if (url.searchParams.has('code') || decision.redirectTo) return null;
    const target = `${url.pathname}${url.search}`;
    if (guard === 'protect-route') {
      throw redirect(getHref('user-login', {}, { lang: splitLanguagePrefix(url.pathname).lang, query: { redirect: target } }));
    }
    const lang: LanguageCode = decision.lang;
    browser.assign(hostedLoginUrl(lang, loginReturnUrl(target, {}, url.origin)));
    return leavingPage();
  };
}

/**
 * A page route's loader: its own validation first (spec 1 §2, §8: the error page with the status
 * the check gives, or 404 'Page Not Found: {fullPath}'), then its guard.
 */
export function routeLoader(entry: Pick<RouteEntry, 'guard' | 'validate'>) {
  const guard = entry.guard ? guardLoader(entry.guard) : null;
  return async (args: LoaderFunctionArgs) => {
    const verdict = entry.validate?.(args.params) ?? true;
    if (verdict !== true) {
      const url = new URL(args.request.url);
      const fullPath = `${url.pathname}${url.search}`;
      throw data({ path: fullPath, message: `Page Not Found: ${fullPath}` }, { status: verdict === false ? 404 : verdict });
    }
    return guard ? guard(args) : null;
  };
}
