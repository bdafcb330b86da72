/**
 * An operator's text of the global settings (docs/tenants.md "The other named settings"): the configurations
 * answer gives it already in the page's language when the map holds English, else the map as written. The
 * page's language, else the tenant's default language's, else the English words; '' when there are none.
 */
export function localText(value: unknown, lang: string, defaultLocale?: string): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '';
  const map = value as Record<string, unknown>;
  for (const code of [lang, defaultLocale, 'en']) {
    const words = code ? map[code] : undefined;
    if (typeof words === 'string' && words.trim() !== '') return words.trim();
  }
  return '';
}
