/**
 * The tenant's redirect rules (portal spec §2: "a redirect rule looked up by path may redirect a
 * navigation; an external target causes a full page load"). Operators edit them in the console's
 * settings (docs/tenants.md "Redirect rules"); they arrive with the global settings as `redirects`.
 * The server answers the first load of such a path with the same redirect; this covers in-app
 * navigations.
 */
import type { GlobalSettings } from '@/lib/portal-types';

export interface RedirectRule {
  /** A storefront path without its language prefix, no trailing slash. */
  from: string;
  /** A path (kept in the page's language) or an http(s) address. */
  to: string;
  permanent?: boolean;
}

function isRule(value: unknown): value is RedirectRule {
  if (!value || typeof value !== 'object') return false;
  const rule = value as Record<string, unknown>;
  return typeof rule.from === 'string' && typeof rule.to === 'string';
}

/** The rule for a path without its language prefix ('/old/' and '/old' are one path), or null. */
export function findRedirectRule(configs: GlobalSettings, path: string): RedirectRule | null {
  const rules = configs.redirects;
  if (!Array.isArray(rules) || rules.length === 0) return null;
  const key = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
  return rules.find((rule): rule is RedirectRule => isRule(rule) && rule.from === key) ?? null;
}

/** An address elsewhere (a full page load), not a path of the storefront. */
export function isExternalTarget(to: string): boolean {
  return !to.startsWith('/') || to.startsWith('//');
}
