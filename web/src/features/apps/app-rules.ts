/**
 * The register / edit form's rules: the server's bounds (apps_service.cpp validate), checked on the
 * client first (spec §5 rules, on blur and change). The server stays the judge: its 400 names the field.
 */
import type { ValidationRule } from '@/lib/validation';
import type { AppFields } from './types';

/**
 * An absolute https URL with a host (a port, if any, from 1 to 65535: URL refuses others), no user name or
 * password, no fragment, and a path without "." or ".." segments, encoded "/", "\\" or "." or encoded
 * control characters (the server's redirect_uri.cpp reads it the same way; it stays the judge).
 */
export function isHttpsRedirect(value: string): boolean {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '' || text.includes('#')) return false;
  // The path as written: URL would already have resolved its dot segments.
  const path = text.replace(/^https:\/\/[^/?#]*/i, '').split('?')[0] ?? '';
  if (/%(2e|2f|5c)/i.test(path) || /%25(2e|2f|5c)/i.test(path) || /(^|\/)\.{1,2}(\/|$)/.test(path)) return false;
  return !/%(0[0-9a-f]|1[0-9a-f]|7f)/i.test(text);
}

/**
 * Characters a person does not see or that change how the text around them shows (zero-width spaces and
 * joiners, bidi controls, soft hyphens, other default-ignorable, private-use or unassigned code points):
 * the server refuses names with them (APP_NAME_INVISIBLE_CHARACTERS).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

export function hasInvisibleCharacters(value: string): boolean {
  return INVISIBLE.test(value);
}

export const APP_RULES = {
  name: [{ type: 'required' }, { type: 'minLength', value: 3 }, { type: 'maxLength', value: 60 }],
  publisher: [{ type: 'required' }, { type: 'minLength', value: 2 }, { type: 'maxLength', value: 60 }],
  description: [{ type: 'required' }, { type: 'minLength', value: 10 }, { type: 'maxLength', value: 500 }],
  redirectUri: [{ type: 'required' }, { type: 'maxLength', value: 300 }],
} satisfies Record<Exclude<keyof AppFields, 'scopes' | 'status'>, readonly ValidationRule[]>;

export const APP_FORM_FIELDS = ['name', 'publisher', 'description', 'redirectUri', 'scopes', 'status'] as const;
export type AppFormField = (typeof APP_FORM_FIELDS)[number];

export function isAppFormField(value: string | null): value is AppFormField {
  return value !== null && (APP_FORM_FIELDS as readonly string[]).includes(value);
}

/** App ids as the server makes them; anything else is not looked up. */
export function isAppId(value: string | undefined): value is string {
  return typeof value === 'string' && /^app_[0-9a-f]{16}$/.test(value);
}

/** The address a user opens to grant or refuse an app's access. */
export function consentUrl(appId: string, localize: (path: string) => string): string {
  return new URL(localize(`/apps/consent/${appId}`), window.location.origin).toString();
}

/** The app's redirect address with the user's decision: where "continue" leads after deciding. */
export function returnUrl(redirectUri: string, appId: string, decision: string): string {
  const url = new URL(redirectUri);
  url.searchParams.set('consent', decision);
  url.searchParams.set('app', appId);
  return url.toString();
}
