/**
 * The settings editor's form: the values it edits, made from and turned back into the Settings of
 * GET/PUT /backend/admin/settings, and the checks of each field, the same as the server makes
 * (server/src/domains/tenants/tenant_settings.cpp), so a value is refused where it is typed.
 * A check returns a message (key and values) or null.
 */
import { LANGUAGE_CODES } from '@/config/languages';
import type { Settings, SettingsBody } from './api';
import type { AdminKey } from './i18n';

export const COLOR_NAMES = ['primary', 'primary-contrast', 'bg', 'surface', 'text', 'muted', 'border', 'accent'] as const;
export type ColorName = (typeof COLOR_NAMES)[number];
export type Palette = Record<ColorName, string>;
export const THEMES = ['light', 'dark'] as const;

export interface RedirectRow {
  from: string;
  to: string;
  permanent: boolean;
}

export interface SettingsFormValues {
  displayName: string;
  hosts: string;
  defaultLocale: string;
  /** The languages offered (checked); the body keeps the order read, newly checked ones after it. */
  languages: string[];
  defaultTheme: string;
  logo: string;
  customStyle: string;
  allowedOrigins: string;
  colors: { light: Palette; dark: Palette };
  flags: Record<string, boolean>;
  redirects: RedirectRow[];
  /** settings.externalRedirectDisclaimer: ask before another site opens, in these words per language ('' the storefront's own). */
  disclaimer: { enabled: boolean; text: Record<string, string> };
}

export interface Problem {
  key: AdminKey;
  params?: Record<string, string | number>;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function palette(colors: Record<string, string> | undefined): Palette {
  return Object.fromEntries(COLOR_NAMES.map((name) => [name, colors?.[name] ?? ''])) as Palette;
}

/** The feature flags the editor shows as toggles: those whose value is true or false. */
export function booleanFlags(features: Record<string, unknown>): Record<string, boolean> {
  return Object.fromEntries(Object.entries(features).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
}

export function logoOf(settings: Record<string, unknown>): string {
  const logo = record(settings.images).logo;
  return typeof logo === 'string' ? logo : '';
}

export function toFormValues(s: Settings): SettingsFormValues {
  return {
    displayName: s.displayName,
    hosts: s.hosts.join('\n'),
    defaultLocale: s.defaultLocale,
    languages: s.languages.length > 0 ? [...s.languages] : [...LANGUAGE_CODES],
    defaultTheme: s.defaultTheme,
    logo: logoOf(s.settings),
    customStyle: s.customStyle,
    allowedOrigins: s.allowedOrigins.join('\n'),
    colors: { light: palette(s.colors.light), dark: palette(s.colors.dark) },
    flags: booleanFlags(s.features),
    redirects: s.redirects.map((r) => ({ from: r.from, to: r.to, permanent: r.permanent })),
    disclaimer: disclaimerOf(s.settings),
  };
}

function disclaimerOf(settings: Record<string, unknown>): SettingsFormValues['disclaimer'] {
  const stored = record(settings.externalRedirectDisclaimer);
  const text = record(stored.text);
  return { enabled: stored.enabled === true, text: Object.fromEntries(LANGUAGE_CODES.map((code) => [code, typeof text[code] === 'string' ? text[code] : ''])) };
}

/** The PUT body: the settings read, with what the form edits put in (every other member kept as read). */
export function toSettingsBody(base: Settings, v: SettingsFormValues): SettingsBody {
  const settings: Record<string, unknown> = { ...base.settings };
  const images = { ...record(settings.images) };
  if (v.logo.trim()) images.logo = v.logo.trim();
  else delete images.logo;
  if (Object.keys(images).length > 0) settings.images = images;
  else delete settings.images;
  delete settings.redirects;  // the rules travel in `redirects`
  const text: Record<string, string> = {};
  for (const [code, words] of Object.entries(v.disclaimer.text)) if (words.trim() !== '') text[code] = words.trim();
  if (v.disclaimer.enabled || Object.keys(text).length > 0) settings.externalRedirectDisclaimer = { enabled: v.disclaimer.enabled, text };
  else delete settings.externalRedirectDisclaimer;
  return {
    version: base.version,
    name: base.name,
    displayName: v.displayName.trim(),
    hosts: lines(v.hosts),
    defaultLocale: v.defaultLocale,
    languages: [...base.languages.filter((code) => v.languages.includes(code)), ...LANGUAGE_CODES.filter((code) => v.languages.includes(code) && !base.languages.includes(code))],
    defaultTheme: v.defaultTheme,
    colors: { light: { ...v.colors.light }, dark: { ...v.colors.dark } },
    customStyle: v.customStyle.trim(),
    features: { ...base.features, ...v.flags },
    settings,
    redirects: v.redirects.map((r) => ({ from: r.from.trim(), to: r.to.trim(), permanent: r.permanent })),
    allowedOrigins: lines(v.allowedOrigins),
  };
}

const CONTROL = /[\u0000-\u001f\u007f]/;  // eslint-disable-line no-control-regex

export function checkText(value: string, max: number, required: boolean): Problem | null {
  const text = value.trim();
  if (required && !text) return { key: 'validation.required' };
  if (text.length > max) return { key: 'validation.tooLong', params: { max } };
  if (CONTROL.test(value.replace(/\n/g, ''))) return { key: 'validation.controls' };
  return null;
}

/** The languages offered: at least one, and the default among them (the server also refuses unknown codes and twins). */
export function checkLanguages(languages: readonly string[], defaultLocale: string): Problem | null {
  if (languages.length === 0) return { key: 'validation.languagesEmpty' };
  if (!languages.includes(defaultLocale)) return { key: 'validation.languagesDefault' };
  return null;
}

export function isDnsHost(host: string): boolean {
  if (!host || host.length > 253 || /^[.-]|-$/.test(host)) return false;
  return host.split('.').every((label) => label.length > 0 && label.length <= 63 && /^[a-z0-9-]+$/.test(label));
}

export function checkHosts(text: string): Problem | null {
  const hosts = lines(text);
  if (hosts.length < 1 || hosts.length > 20) return { key: 'validation.hostsCount' };
  const seen = new Set<string>();
  for (const host of hosts) {
    if (!isDnsHost(host)) return { key: 'validation.host', params: { value: host } };
    if (seen.has(host)) return { key: 'validation.hostTwice', params: { value: host } };
    seen.add(host);
  }
  return null;
}

/** A colour as the server takes it: up to 64 of letters, digits, # ( ) , . % / and spaces. */
export function checkColor(value: string): Problem | null {
  if (!value || value.length > 64 || !/^[0-9a-zA-Z#(),.%/ ]+$/.test(value)) return { key: 'validation.color' };
  return null;
}

/** A #rrggbb colour (what <input type="color"> takes), from #rgb or #rrggbb; null for any other spelling. */
export function hexColor(value: string): string | null {
  const v = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(v)) return v;
  if (/^#[0-9a-f]{3}$/.test(v)) {
    const [r, g, b] = [v.charAt(1), v.charAt(2), v.charAt(3)];
    return `#${r}${r}${g}${g}${b}${b}`;
  }
  return null;
}

/** A storefront path as a rule names it (tenant_settings.cpp rule_path). */
export function isRulePath(p: string): boolean {
  if (!p || p.length > 512 || !p.startsWith('/') || p.startsWith('//')) return false;
  if (!/^[\x21-\x7e]+$/.test(p)) return false;
  if (/[?#\\"'<>`]/.test(p)) return false;
  return !p.includes('/./') && !p.includes('/../') && !p.endsWith('/..') && !p.endsWith('/.');
}

/** An absolute http(s) address with a host (core::strict_origin: scheme, host, optional port, then a path). */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/[^/?#\s]+/i.test(value) || !/^[\x21-\x7e]+$/.test(value) || /["'<>`\\]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export function checkStyleAddress(value: string): Problem | null {
  const v = value.trim();
  if (!v) return null;
  if (v.length > 512) return { key: 'validation.tooLong', params: { max: 512 } };
  return isRulePath(v) || isWebAddress(v) ? null : { key: 'validation.styleAddress' };
}

export function checkOrigins(text: string): Problem | null {
  for (const line of lines(text)) {
    try {
      const url = new URL(line);
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== line.replace(/\/$/, '')) return { key: 'validation.origin' };
    } catch {
      return { key: 'validation.origin' };
    }
  }
  return null;
}

const withoutTrailingSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') || '/' : p);

export function checkRedirectFrom(rows: readonly RedirectRow[], index: number): Problem | null {
  const from = rows[index]?.from.trim() ?? '';
  if (!isRulePath(from)) return { key: 'validation.path' };
  const key = withoutTrailingSlash(from);
  if (rows.slice(0, index).some((row) => withoutTrailingSlash(row.from.trim()) === key)) return { key: 'validation.duplicateFrom' };
  return null;
}

export function checkRedirectTo(rows: readonly RedirectRow[], index: number): Problem | null {
  const row = rows[index];
  const to = row?.to.trim() ?? '';
  const internal = isRulePath(to);
  if (!internal && !isWebAddress(to)) return { key: 'validation.target' };
  if (internal && withoutTrailingSlash(to) === withoutTrailingSlash(row?.from.trim() ?? '')) return { key: 'validation.samePath' };
  return null;
}

/**
 * The form path of a field the server named in a 400 (data.field): "redirects[2].to" → "redirects.2.to",
 * "colors.dark.bg" as it is; null for a field the form does not show (the message then goes to the save bar).
 */
export function formFieldOf(serverField: string): string | null {
  const path = serverField.replace(/\[(\d+)\]/g, '.$1');
  if (/^redirects\.\d+\.(from|to|permanent)$/.test(path)) return path;
  if (/^colors\.(light|dark)\.[a-z-]+$/.test(path)) return COLOR_NAMES.some((name) => path.endsWith(`.${name}`)) ? path : null;
  const direct: Record<string, string> = { displayName: 'displayName', hosts: 'hosts', defaultLocale: 'defaultLocale', languages: 'languages', defaultTheme: 'defaultTheme', customStyle: 'customStyle', allowedOrigins: 'allowedOrigins' };
  return direct[path] ?? null;
}
