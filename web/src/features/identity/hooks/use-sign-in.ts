/** Leaving for sign-in: hosted login or registration, or the partner's sign-in, returning to `target`. */
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { browser } from '@/lib/browser';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { partnerLogin } from '../api/partner-login';
import { hostedLoginUrl, hostedRegisterUrl, loginReturnUrl, type LoginReturnParams, type SignInMethod } from '../login-urls';
import { logout } from '../session';

export interface SignInActions {
  signIn: (method?: SignInMethod) => void;
  register: () => void;
  /** Rejects when the partner's URL cannot be had. */
  partnerSignIn: () => Promise<void>;
}

/** `target`: the path to come back to (default: the current page). */
export function useSignIn(target?: string, params: LoginReturnParams = {}): SignInActions {
  const lang = useCurrentLanguage();
  const location = useLocation();
  const returnUrl = loginReturnUrl(target ?? `${location.pathname}${location.search}`, params);
  return {
    signIn: useCallback((method: SignInMethod = 'email') => browser.assign(hostedLoginUrl(lang, returnUrl, method)), [lang, returnUrl]),
    register: useCallback(() => browser.assign(hostedRegisterUrl(lang, returnUrl)), [lang, returnUrl]),
    partnerSignIn: useCallback(async () => browser.assign(await partnerLogin({ redirectUrl: returnUrl, lang })), [lang, returnUrl]),
  };
}

/** Signing out goes to the home page of the current language. */
export function useSignOut(): () => Promise<void> {
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const home = localize('/');
  return useCallback(() => logout(new URL(home, window.location.origin).href, lang), [home, lang]);
}
