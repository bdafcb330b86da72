/**
 * The console's messages: their own bundle per language (src/locales/<lng>/admin.json), loaded by
 * this bundle on demand, so the storefront never downloads them. i18next with the storefront's
 * number interpolation (Arabic-Indic digits, grouped counts) and the same plural rules.
 */
import i18next, { type FormatFunction, type i18n as I18nInstance } from 'i18next';
import { FALLBACK_LANGUAGE, getDirection, isLanguageCode, type LanguageCode } from '@/config/languages';
import { interpolatedValue } from '@/lib/i18n';
import type en from '@/locales/en/admin.json';

export type AdminMessages = typeof en;

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;
type Leaves<T> = T extends string ? '' : { [K in keyof T]: K extends string ? (T[K] extends string ? K : Join<K, Leaves<T[K]>>) : never }[keyof T];
type PluralBase<K> = K extends `${infer B}_${'one' | 'other'}` ? B : K;
/** Every key of the English bundle, a plural message by its base ("staff.count"). */
export type AdminKey = PluralBase<Leaves<AdminMessages>>;
export type Translate = (key: AdminKey, params?: Record<string, string | number>) => string;

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/admin.json');

export async function loadAdminMessages(lang: LanguageCode): Promise<Record<string, unknown>> {
  const load = bundles[`../../locales/${lang}/admin.json`];
  if (!load) throw new Error(`No console messages for ${lang}`);
  return (await load()).default;
}

export async function createAdminI18n(lang: LanguageCode, messages: Record<string, unknown>, fallback: Record<string, unknown>): Promise<I18nInstance> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: lang,
    fallbackLng: FALLBACK_LANGUAGE,
    resources: { [lang]: { translation: messages }, [FALLBACK_LANGUAGE]: { translation: fallback } },
    interpolation: { escapeValue: false, alwaysFormat: true, format: ((value: unknown, format?: string, lng?: string) => interpolatedValue(value, lng, format)) as FormatFunction },
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}

/** The language the console opens in: ?lang=, else the last one chosen, else the browser's, else English. */
export function initialLanguage(search: string, stored: string | null, browser: readonly string[]): LanguageCode {
  const asked = new URLSearchParams(search).get('lang');
  if (isLanguageCode(asked)) return asked;
  if (isLanguageCode(stored)) return stored;
  for (const tag of browser) {
    const code = tag.slice(0, 2).toLowerCase();
    if (isLanguageCode(code)) return code;
  }
  return FALLBACK_LANGUAGE;
}

export const LANGUAGE_STORAGE_KEY = 'portal:console-language';

/**
 * The language a link asks for (?lang=, e.g. an invitation's: the language the member was invited in), to keep as the
 * chosen one: the sign-in's next page carries none, and the console stays in it (issue 73 item 6). Null: none asked.
 */
export function linkLanguage(search: string): LanguageCode | null {
  const asked = new URLSearchParams(search).get('lang');
  return isLanguageCode(asked) ? asked : null;
}

export function applyDocumentLanguage(lang: LanguageCode): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = getDirection(lang);
}
