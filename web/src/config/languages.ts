/** The six languages of the portal (spec §3, §9). `en` is the default and the fallback. */
export const LANGUAGES = [
  { code: 'en', iso: 'en-US', name: 'English', dir: 'ltr' },
  { code: 'ar', iso: 'ar-EG', name: 'العربية', dir: 'rtl' },
  { code: 'fr', iso: 'fr-FR', name: 'Français', dir: 'ltr' },
  { code: 'de', iso: 'de-DE', name: 'Deutsch', dir: 'ltr' },
  { code: 'es', iso: 'es-ES', name: 'Español', dir: 'ltr' },
  { code: 'ro', iso: 'ro-RO', name: 'Română', dir: 'ltr' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type LanguageDefinition = (typeof LANGUAGES)[number];
export type TextDirection = 'ltr' | 'rtl';

export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const FALLBACK_LANGUAGE: LanguageCode = 'en';

export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((language) => language.code);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function getLanguage(code: LanguageCode): LanguageDefinition {
  const language = LANGUAGES.find((entry) => entry.code === code);
  if (!language) throw new Error(`Unknown language: ${code}`);
  return language;
}

export function getDirection(code: LanguageCode): TextDirection {
  return getLanguage(code).dir;
}

/**
 * The languages a tenant offers (its settings' `languages`, in its order); all six when the
 * settings carry none or nothing known. The tenant's default is always among them.
 */
export function offeredLanguages(configs: { languages?: unknown; defaultLocale?: unknown }): LanguageCode[] {
  const listed = Array.isArray(configs.languages) ? configs.languages.filter(isLanguageCode) : [];
  const offered = listed.filter((code, index) => listed.indexOf(code) === index);
  if (offered.length === 0) return [...LANGUAGE_CODES];
  if (isLanguageCode(configs.defaultLocale) && !offered.includes(configs.defaultLocale)) offered.unshift(configs.defaultLocale);
  return offered;
}
